import { type CreateActionBody, createActionBody, type EmailAction } from '@tinkercloud/shared/iot';
import type { Trigger } from '@/features/iot/api/schemas.ts';

/**
 * What the trigger dialog does not show of a trigger made elsewhere (the API, Arduino's clients), given back
 * unchanged when it is saved: saving replaces every action and the device selection, so whatever the form
 * leaves out would otherwise be deleted.
 */

type Variables = EmailAction['subject']['variables'];
type Recipients = EmailAction['delivery']['cc'];

/** The parts of an edited message the form has no field for: declared placeholders, copies. */
export interface MessageExtras {
  titleVariables?: Variables;
  bodyVariables?: Variables;
  cc?: Recipients;
  bcc?: Recipients;
}

/** Devices watched that are neither one device nor every device of the space. */
export interface KeptDevices {
  criteria: 'INCLUDE' | 'EXCLUDE';
  ids: string[];
}

export interface KeptActions {
  email: MessageExtras;
  push: MessageExtras;
  /** Actions after the first e-mail and the first notification, as they are sent back. */
  others: CreateActionBody[];
  /** Actions that can no longer be sent back as they are (no recipient left): saving removes them. */
  dropped: number;
}

type StoredAction = NonNullable<Trigger['actions']>[number];

function asBody(action: StoredAction): CreateActionBody | undefined {
  const parsed = createActionBody.safeParse({
    name: action.name,
    kind: action.kind,
    description: action.description,
    email: action.email,
    push_notification: action.push_notification,
  });
  return parsed.success ? parsed.data : undefined;
}

const extrasOf = (body: CreateActionBody | undefined): MessageExtras => {
  const message = body?.email ?? body?.push_notification;
  if (!message) return {};
  const title = 'subject' in message ? message.subject : message.title;
  const delivery = message.delivery as EmailAction['delivery'];
  return {
    titleVariables: title.variables,
    bodyVariables: message.body.variables,
    cc: delivery.cc,
    bcc: delivery.bcc,
  };
};

/** Splits a trigger's actions into the two the form edits (their extras) and the rest. */
export function keptActionsOf(trigger: Trigger): KeptActions {
  const actions = trigger.actions ?? [];
  const email = actions.find((a) => a.kind === 'NOTIFY-EMAIL');
  const push = actions.find((a) => a.kind === 'NOTIFY-PUSH');
  const rest = actions.filter((a) => a !== email && a !== push).map(asBody);
  return {
    email: email ? extrasOf(asBody(email)) : {},
    push: push ? extrasOf(asBody(push)) : {},
    others: rest.filter((body) => body !== undefined),
    dropped: rest.filter((body) => body === undefined).length,
  };
}

/** The devices a status trigger watches, when the form's one-device-or-any choice cannot say it. */
export function keptDevicesOf(source: Trigger['device_status_source']): KeptDevices | undefined {
  if (!source) return undefined;
  const ids = source.device_ids ?? [];
  const oneDevice = source.criteria === 'INCLUDE' && ids.length === 1;
  const everyDevice = source.criteria === 'EXCLUDE' && ids.length === 0;
  return oneDevice || everyDevice ? undefined : { criteria: source.criteria, ids };
}

/** A kept device set without the devices deleted since (the server refuses a trigger naming one). */
export const withoutGoneDevices = (kept: KeptDevices, exists: (id: string) => boolean): KeptDevices => ({
  ...kept,
  ids: kept.ids.filter(exists),
});

const devices = (n: number) => `${n} device${n === 1 ? '' : 's'}`;

/** The device choice standing for a kept selection. */
export function keptDevicesLabel(kept: KeptDevices): string {
  return kept.criteria === 'INCLUDE'
    ? `The ${devices(kept.ids.length)} chosen before`
    : `Every device of the space but ${devices(kept.ids.length)}`;
}

/** Whether a user may be told by a trigger of this space (a member; in My Cloud, its owner). */
export type IsRecipient = (userId: string) => boolean;

type Recipient = NonNullable<Recipients>[number];
/** Recipients still in the space; undefined when none is left (an empty copy list is left out). */
export const stillRecipients = (list: readonly Recipient[] | undefined, isRecipient: IsRecipient) => {
  const left = list?.filter((r) => isRecipient(r.id));
  return left && left.length > 0 ? left : undefined;
};

/** An e-mail's recipients with only people still in the space; `to` is undefined when nobody is left. */
export function deliveryFor(
  delivery: { to?: Recipients; cc?: Recipients; bcc?: Recipients },
  isRecipient: IsRecipient,
) {
  const cc = stillRecipients(delivery.cc, isRecipient);
  const bcc = stillRecipients(delivery.bcc, isRecipient);
  return { to: stillRecipients(delivery.to, isRecipient), ...(cc && { cc }), ...(bcc && { bcc }) };
}

/**
 * The kept actions as they can be sent back: recipients who left the space taken out (the server refuses a
 * trigger that names one), and an action left with nobody to tell dropped.
 */
export function keptFor(
  actions: readonly CreateActionBody[],
  isRecipient: IsRecipient,
): { kept: CreateActionBody[]; dropped: number } {
  const kept: CreateActionBody[] = [];
  for (const action of actions) {
    if (action.email) {
      const { to, ...copies } = deliveryFor(action.email.delivery, isRecipient);
      if (to) kept.push({ ...action, email: { ...action.email, delivery: { to, ...copies } } });
    } else if (action.push_notification) {
      const to = stillRecipients(action.push_notification.delivery.to, isRecipient);
      if (to) kept.push({ ...action, push_notification: { ...action.push_notification, delivery: { to } } });
    }
  }
  return { kept, dropped: actions.length - kept.length };
}

/** What saving does with the actions the form does not show; null when there are none. */
export function keptActionsText({ others, dropped }: Pick<KeptActions, 'others' | 'dropped'>): string | null {
  const parts: string[] = [];
  if (others.length > 0)
    parts.push(
      `This trigger has ${others.length} more action${others.length === 1 ? '' : 's'} than this form shows; saving keeps ${others.length === 1 ? 'it' : 'them'}.`,
    );
  if (dropped > 0)
    parts.push(
      `${dropped} action${dropped === 1 ? '' : 's'} cannot be kept (nobody left in the space to tell, or incomplete) and ${dropped === 1 ? 'is' : 'are'} removed when you save.`,
    );
  return parts.length > 0 ? parts.join(' ') : null;
}
