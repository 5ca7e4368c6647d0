import { LIVE_DATA_SCHEMAS } from '@tinkercloud/shared';
import { z } from 'zod';
import { LIVE_TOPIC_PREFIX, type LiveEvent, spaceTopic } from './live-event.ts';

/** Larger messages on a live topic are dropped unread; the biggest real event is a 4 KB string value. */
export const MAX_WIRE_BYTES = 256 * 1024;

const spaceSchema = z.object({ organizationId: z.uuid().nullable(), ownerUserId: z.uuid() });
const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    v: z.literal(1),
    origin: z.string().min(1).max(64),
    type: z.literal(type),
    space: spaceSchema,
    data,
  });

const wireSchema = z.discriminatedUnion('type', [
  envelope('properties.value', LIVE_DATA_SCHEMAS['properties.value']),
  envelope('devices.status', LIVE_DATA_SCHEMAS['devices.status']),
  envelope('things.updated', LIVE_DATA_SCHEMAS['things.updated']),
  envelope('devices.updated', LIVE_DATA_SCHEMAS['devices.updated']),
  envelope('dashboards.created', LIVE_DATA_SCHEMAS['dashboards.created']),
  envelope('dashboards.updated', LIVE_DATA_SCHEMAS['dashboards.updated']),
  envelope('dashboards.deleted', LIVE_DATA_SCHEMAS['dashboards.deleted']),
  envelope('onboardings.updated', z.object({ onboarding_id: z.uuid(), user_id: z.uuid() })),
]);

/** The bytes one process sends to the others: the event and the id of the bus that sent it. */
export function encodeWire(origin: string, event: LiveEvent): Buffer {
  return Buffer.from(
    JSON.stringify({ v: 1, origin, type: event.type, space: event.space, data: event.data }),
  );
}

export type WireResult = { ok: true; origin: string; event: LiveEvent } | { ok: false; reason: string };

/**
 * Reads a message from a live topic. Anything that is not a well-formed event, or names another space than
 * its topic, is refused with a reason (and never delivered).
 */
export function decodeWire(topic: string, payload: Buffer): WireResult {
  if (!topic.startsWith(LIVE_TOPIC_PREFIX)) return { ok: false, reason: 'not a live topic' };
  if (payload.length > MAX_WIRE_BYTES) return { ok: false, reason: 'too large' };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = wireSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, reason: `invalid event: ${parsed.error.issues[0]?.message ?? ''}` };
  const { origin, ...rest } = parsed.data;
  const event = { type: rest.type, space: rest.space, data: rest.data } as LiveEvent;
  if (spaceTopic(event.space) !== topic) return { ok: false, reason: 'space does not match the topic' };
  return { ok: true, origin, event };
}
