import type { Trigger } from '@/features/iot/api/schemas.ts';

type StoredAction = NonNullable<Trigger['actions']>[number];
interface Message {
  name?: string;
  title?: string;
  body?: string;
}

/** A trigger's action as `GET /iot/v1/triggers` answers it (tests): an e-mail or an in-app notification. */
function stored(kind: 'NOTIFY-EMAIL' | 'NOTIFY-PUSH', id: string, to: string[], m: Message): StoredAction {
  const email = kind === 'NOTIFY-EMAIL';
  const message = {
    [email ? 'subject' : 'title']: { expression: m.title ?? (email ? 'S' : 'T') },
    body: { expression: m.body ?? 'B' },
    delivery: { to: to.map((recipient) => ({ id: recipient })) },
  };
  return { id, name: m.name ?? id, kind, ...(email ? { email: message } : { push_notification: message }) };
}

export const storedEmail = (id: string, to: string[], m: Message = {}) => stored('NOTIFY-EMAIL', id, to, m);
export const storedPush = (id: string, to: string[], m: Message = {}) => stored('NOTIFY-PUSH', id, to, m);
