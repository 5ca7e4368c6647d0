import { type TagFilter, tagParam } from '../model/tag-filter.ts';

/**
 * The list's tag filter beside its search: the tags its items carry, or every item. A tag in the address that
 * no item carries any longer stays offered, so the filter can be seen and cleared.
 */
export function TagFilterSelect({
  plural,
  choices,
  value,
  onChange,
}: {
  plural: string;
  choices: readonly TagFilter[];
  value: TagFilter | null;
  onChange: (tag: TagFilter | null) => void;
}) {
  const current = value ? tagParam(value) : '';
  const options = value && !choices.some((c) => tagParam(c) === current) ? [value, ...choices] : choices;
  if (options.length === 0) return null;
  return (
    <select
      className="list-tag-filter"
      aria-label={`Filter ${plural} by tag`}
      value={current}
      onChange={(event) => {
        const chosen = options.find((c) => tagParam(c) === event.target.value);
        onChange(chosen ?? null);
      }}
    >
      <option value="">All tags</option>
      {options.map((c) => (
        <option key={tagParam(c)} value={tagParam(c)}>
          {c.key}: {c.value}
        </option>
      ))}
    </select>
  );
}
