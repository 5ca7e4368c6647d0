/** Active or Inactive; the word carries the meaning, the dot's colour only repeats it. */
export function TriggerStateBadge({ active }: { active: boolean }) {
  return (
    <span className="trigger-state" data-active={active}>
      <span className="trigger-state-dot" aria-hidden="true" />
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
