import type { ConditionOperator } from '@tinkercloud/shared';
import {
  type CreateActionBody,
  conditionKindOf,
  conditionNeedsValue,
  conditionOperatorsFor,
  MAX_TRIGGER_ACTIONS,
  type TriggerBody,
} from '@tinkercloud/shared/iot';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import {
  deliveryFor,
  type IsRecipient,
  type KeptDevices,
  keptActionsOf,
  keptDevicesOf,
  keptFor,
  type MessageExtras,
  stillRecipients,
} from './trigger-kept-parts.ts';

const anyone: IsRecipient = () => true;

/**
 * The trigger dialog's form as plain strings and flags, and the `PUT /iot/v1/triggers` body it becomes. A
 * trigger watches a variable (with a condition fitting its type) or the status of devices (with a grace
 * period), and tells people by e-mail and/or in-app notification, with `{{placeholder}}` templates.
 */

export type StatusCondition = 'CHANGED' | 'CONNECTED' | 'DISCONNECTED';

export interface MessageDraft {
  enabled: boolean;
  /** The e-mail subject, or the notification title. */
  title: string;
  body: string;
  /** Recipient user ids; a new action goes to the person creating it. */
  to: string[];
  /** What an edited action holds beyond these fields, sent back as it was. */
  extras?: MessageExtras;
}

/** The device choice of a trigger watching a set the form cannot pick (`keptDevices`). */
export const KEPT_DEVICES = 'kept';

export interface TriggerDraft {
  name: string;
  description: string;
  source: 'variable' | 'device';
  propertyId: string;
  operator: ConditionOperator;
  /** The comparison value as typed (numbers and JSON parsed when sent). */
  value: string;
  /** A device id, '' for any device of the space, or KEPT_DEVICES for `keptDevices`. */
  deviceId: string;
  keptDevices?: KeptDevices;
  status: StatusCondition;
  /** Whole seconds the device must keep its new status before the trigger fires. */
  grace: string;
  email: MessageDraft;
  push: MessageDraft;
  /** An edited trigger's actions beyond its first e-mail and notification, sent back as they were. */
  otherActions?: CreateActionBody[];
  /** Its actions that cannot be sent back (no recipient left). */
  droppedActions?: number;
}

export const DEFAULT_MESSAGES = {
  variable: {
    title: '{{trigger.name}}: {{property.name}} is {{property.value}}',
    body: 'Hello {{recipient.name}},\n\n{{property.name}} of {{thing.name}} is {{property.value}} ({{property.timestamp}}).',
  },
  device: {
    title: '{{trigger.name}}: {{device.name}} is {{device.status}}',
    body: 'Hello {{recipient.name}},\n\n{{device.name}} is {{device.status}} since {{device.timestamp}}.',
  },
} as const;

export function emptyDraft(me: string): TriggerDraft {
  const message = (enabled: boolean) => ({ enabled, ...DEFAULT_MESSAGES.variable, to: me ? [me] : [] });
  return {
    name: '',
    description: '',
    source: 'variable',
    propertyId: '',
    operator: 'CHANGED',
    value: '',
    deviceId: '',
    status: 'CHANGED',
    grace: '0',
    email: message(true),
    push: message(true),
  };
}

interface StoredMessage {
  subject?: { expression?: string };
  title?: { expression?: string };
  body?: { expression?: string };
  delivery?: { to?: { id?: string }[] };
}

function messageFrom(
  stored: StoredMessage | undefined,
  fallback: MessageDraft,
  titleKey: 'subject' | 'title',
): MessageDraft {
  if (!stored) return { ...fallback, enabled: false };
  const to = (stored.delivery?.to ?? []).flatMap((r) => (typeof r.id === 'string' ? [r.id] : []));
  return {
    enabled: true,
    title: stored[titleKey]?.expression ?? '',
    body: stored.body?.expression ?? '',
    to: to.length > 0 ? to : fallback.to,
  };
}

const valueText = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The form of an existing trigger: its first e-mail and first notification action are edited, what else it
 * holds is kept (`trigger-kept-parts.ts`).
 */
export function draftFromTrigger(trigger: Trigger, me: string): TriggerDraft {
  const base = emptyDraft(me);
  const email = trigger.actions?.find((a) => a.kind === 'NOTIFY-EMAIL')?.email as StoredMessage | undefined;
  const push = trigger.actions?.find((a) => a.kind === 'NOTIFY-PUSH')?.push_notification as
    | StoredMessage
    | undefined;
  const source = trigger.device_status_source;
  const keptDevices = keptDevicesOf(source);
  const kept = keptActionsOf(trigger);
  const operator = trigger.condition?.operator ?? 'CHANGED';
  const status: StatusCondition =
    operator === 'CONNECTED' || operator === 'DISCONNECTED' ? operator : 'CHANGED';
  return {
    ...base,
    name: trigger.name,
    description: trigger.description ?? '',
    source: source ? 'device' : 'variable',
    propertyId: trigger.property_id ?? '',
    operator: source ? 'CHANGED' : operator,
    value: valueText(trigger.condition?.value),
    deviceId: keptDevices
      ? KEPT_DEVICES
      : source?.criteria === 'INCLUDE'
        ? (source.device_ids?.[0] ?? '')
        : '',
    keptDevices,
    status,
    grace: String(
      status === 'DISCONNECTED'
        ? (source?.grace_period_offline ?? 0)
        : (source?.grace_period_online ?? source?.grace_period_offline ?? 0),
    ),
    email: { ...messageFrom(email, base.email, 'subject'), extras: kept.email },
    push: { ...messageFrom(push, base.push, 'title'), extras: kept.push },
    otherActions: kept.others,
    droppedActions: kept.dropped,
  };
}

/** Reads the typed comparison value as the variable's type holds it; undefined when it does not fit. */
export function parseConditionValue(type: string, text: string): unknown {
  const kind = conditionKindOf(type);
  if (kind === 'number' || kind === 'integer') {
    if (text.trim() === '') return undefined;
    const n = Number(text);
    return Number.isFinite(n) && (kind === 'number' || Number.isInteger(n)) ? n : undefined;
  }
  if (kind === 'string') return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export const MAX_GRACE_SECONDS = 1_209_600;

export type DraftProblems = Partial<
  Record<'name' | 'variable' | 'value' | 'grace' | 'actions' | 'email' | 'push', string>
>;

/** What keeps the form from being sent, by field; empty when it can be. */
export function draftProblems(
  draft: TriggerDraft,
  typeOf: (propertyId: string) => string | undefined,
  isRecipient: IsRecipient = anyone,
) {
  const problems: DraftProblems = {};
  if (draft.name.trim() === '') problems.name = 'Enter a name for the trigger.';
  if (draft.source === 'variable') {
    const type = typeOf(draft.propertyId);
    if (!type) problems.variable = 'Choose the variable to watch.';
    else if (!conditionOperatorsFor(type).includes(draft.operator))
      problems.variable = 'Choose a condition this variable can meet.';
    else if (conditionNeedsValue(draft.operator) && parseConditionValue(type, draft.value) === undefined) {
      const kind = conditionKindOf(type);
      problems.value =
        kind === 'integer'
          ? 'Enter a whole number.'
          : kind === 'number'
            ? 'Enter a number.'
            : 'Enter a JSON object.';
    }
  } else {
    const grace = Number(draft.grace);
    if (!Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE_SECONDS)
      problems.grace = 'Enter whole seconds, from 0 to 1209600 (14 days).';
  }
  if (!draft.email.enabled && !draft.push.enabled && (draft.otherActions ?? []).length === 0)
    problems.actions = 'Choose at least one way to tell.';
  for (const which of ['email', 'push'] as const) {
    const m = draft[which];
    if (m.enabled && (m.title.trim() === '' || m.body.trim() === ''))
      problems[which] = which === 'email' ? 'Enter a subject and a message.' : 'Enter a title and a message.';
    else if (m.enabled && !stillRecipients(recipients(m.to), isRecipient))
      problems[which] = 'This message has no recipient.';
  }
  if (!problems.actions && actionsOf(draft, isRecipient).length > MAX_TRIGGER_ACTIONS)
    problems.actions = `A trigger holds at most ${MAX_TRIGGER_ACTIONS} actions: with the ones it keeps, turn the e-mail or the notification off.`;
  return problems;
}

const recipients = (ids: string[]) => ids.map((id) => ({ id }));

/** The actions a draft sends: its e-mail and notification, then the kept ones, to people still in the space. */
function actionsOf(draft: TriggerDraft, isRecipient: IsRecipient): CreateActionBody[] {
  const name = draft.name.trim();
  const to = (ids: string[]) => stillRecipients(recipients(ids), isRecipient) ?? [];
  const actions: CreateActionBody[] = [];
  if (draft.email.enabled) {
    actions.push({
      name: `${name} (e-mail)`.slice(0, 256),
      kind: 'NOTIFY-EMAIL',
      email: {
        subject: expression(draft.email.title.trim(), draft.email.extras?.titleVariables),
        body: expression(draft.email.body, draft.email.extras?.bodyVariables),
        delivery: {
          ...deliveryFor({ cc: draft.email.extras?.cc, bcc: draft.email.extras?.bcc }, isRecipient),
          to: to(draft.email.to),
        },
      },
    });
  }
  if (draft.push.enabled) {
    actions.push({
      name: `${name} (notification)`.slice(0, 256),
      kind: 'NOTIFY-PUSH',
      push_notification: {
        title: expression(draft.push.title.trim(), draft.push.extras?.titleVariables),
        body: expression(draft.push.body, draft.push.extras?.bodyVariables),
        delivery: { to: to(draft.push.to) },
      },
    });
  }
  return [...actions, ...keptFor(draft.otherActions ?? [], isRecipient).kept];
}

const expression = (text: string, variables: MessageExtras['titleVariables']) =>
  variables ? { expression: text, variables } : { expression: text };

/** One device, every device of the space (EXCLUDE none), or the set the trigger had. */
function devicesOf(draft: TriggerDraft): { criteria: 'INCLUDE' | 'EXCLUDE'; device_ids: string[] } {
  const kept = draft.deviceId === KEPT_DEVICES;
  if (kept && draft.keptDevices)
    return { criteria: draft.keptDevices.criteria, device_ids: draft.keptDevices.ids };
  return draft.deviceId && !kept
    ? { criteria: 'INCLUDE', device_ids: [draft.deviceId] }
    : { criteria: 'EXCLUDE', device_ids: [] };
}

/** The request body of a checked draft (`draftProblems` empty): for a new trigger, or replacing one. */
export function draftToBody(
  draft: TriggerDraft,
  typeOf: (propertyId: string) => string | undefined,
  isRecipient: IsRecipient = anyone,
): TriggerBody {
  const common = {
    name: draft.name.trim(),
    description: draft.description.trim(),
    actions: actionsOf(draft, isRecipient),
  };
  if (draft.source === 'variable') {
    const type = typeOf(draft.propertyId) ?? '';
    return {
      ...common,
      property_id: draft.propertyId,
      condition: conditionNeedsValue(draft.operator)
        ? { operator: draft.operator, value: parseConditionValue(type, draft.value) }
        : { operator: draft.operator },
    };
  }
  const grace = Number(draft.grace);
  return {
    ...common,
    device_status_source: {
      ...devicesOf(draft),
      ...(draft.status !== 'DISCONNECTED' && { grace_period_online: grace }),
      ...(draft.status !== 'CONNECTED' && { grace_period_offline: grace }),
    },
    condition: { operator: draft.status },
  };
}
