import type { Trigger } from '@/features/iot/api/schemas.ts';

/** How a trigger tells people, e.g. `2 e-mails, 1 in-app notification`; undefined when it has no action. */
export function actionsText(actions: Trigger['actions']): string | undefined {
  const count = (kind: string) => (actions ?? []).filter((a) => a.kind === kind).length;
  const emails = count('NOTIFY-EMAIL');
  const pushes = count('NOTIFY-PUSH');
  const others = (actions ?? []).length - emails - pushes;
  const parts = [
    emails > 0 && `${emails} e-mail${emails === 1 ? '' : 's'}`,
    pushes > 0 && `${pushes} in-app notification${pushes === 1 ? '' : 's'}`,
    others > 0 && `${others} other`,
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? parts.join(', ') : undefined;
}
