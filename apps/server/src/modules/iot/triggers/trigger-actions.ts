import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../mail/mailer.ts';
import type { NewNotificationRow } from '../notifications/notifications.repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { FiringRepository } from './firing.repository.ts';
import { type Expression, expand, type FiringContext, oneLine, textToHtml } from './trigger-templates.ts';
import type { ActionRow } from './triggers.repository.ts';

/** A subject or push title longer than this is cut. */
const MAX_TITLE = 200;
/** A message body longer than this is cut (a template of 1,000 characters with long values). */
const MAX_BODY = 10_000;

interface Delivery {
  to?: { id: string }[];
  cc?: { id: string }[];
  bcc?: { id: string }[];
}
interface StoredMessage {
  subject?: Expression;
  title?: Expression;
  body?: Expression;
  delivery?: Delivery;
}

const idsOf = (d: Delivery | undefined) =>
  [...(d?.to ?? []), ...(d?.cc ?? []), ...(d?.bcc ?? [])]
    .map((r) => (typeof r?.id === 'string' ? r.id.toLowerCase() : ''))
    .filter(Boolean);

/**
 * Runs a fired trigger's actions: each e-mail action mails each of its recipients (to, cc and bcc alike, one
 * mail each, so `RECIPIENT` placeholders name the one reading it), each push action leaves a notification
 * (`GET /notifications`) for each of its recipients. Recipients are checked against the trigger's space at
 * this moment: someone who is not (or no longer) a member gets nothing. One failing delivery does not stop
 * the others.
 */
export async function runActions(deps: {
  notifier: Notifier;
  repo: FiringRepository;
  mailer?: Mailer;
  logger: FastifyBaseLogger;
  space: { organizationId: string | null; ownerUserId: string };
  actions: ActionRow[];
  context: FiringContext;
}) {
  const { space, context } = deps;
  const wanted = deps.actions.flatMap((a) => [
    ...idsOf((a.email as StoredMessage | null)?.delivery),
    ...idsOf((a.pushNotification as StoredMessage | null)?.delivery),
  ]);
  const people = new Map((await deps.repo.recipients(space, wanted)).map((p) => [p.id.toLowerCase(), p]));
  const rows: NewNotificationRow[] = [];
  for (const action of deps.actions) {
    const email = action.kind === 'NOTIFY-EMAIL' ? (action.email as StoredMessage | null) : null;
    const push = action.kind === 'NOTIFY-PUSH' ? (action.pushNotification as StoredMessage | null) : null;
    if (email && deps.mailer) {
      for (const id of new Set(idsOf(email.delivery))) {
        const person = people.get(id);
        if (!person) continue;
        const text = expand(email.body, context, person).slice(0, MAX_BODY);
        try {
          await deps.mailer.send({
            to: person.email,
            subject: oneLine(expand(email.subject, context, person), MAX_TITLE),
            text,
            html: textToHtml(text),
          });
        } catch (err) {
          deps.logger.error(
            { err, triggerId: context.trigger.id, actionId: action.id },
            'trigger mail not sent',
          );
        }
      }
    }
    if (push) {
      for (const id of new Set(idsOf(push.delivery))) {
        const person = people.get(id);
        if (!person) continue;
        rows.push({
          userId: person.id,
          organizationId: space.organizationId,
          kind: 'trigger',
          title: oneLine(expand(push.title, context, person), MAX_TITLE),
          body: expand(push.body, context, person).slice(0, MAX_BODY),
          data: {
            trigger_id: context.trigger.id,
            action_id: action.id,
            ...(context.property && { property_id: context.property.id, value: context.property.value }),
            ...(context.thing && { thing_id: context.thing.id }),
            ...(context.device && { device_id: context.device.id, device_status: context.device.status }),
          },
        });
      }
    }
  }
  await deps.notifier.add(rows);
}
