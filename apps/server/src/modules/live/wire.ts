import { LIVE_DATA_SCHEMAS } from '@tinkercloud/shared';
import { z } from 'zod';
import { LIVE_TOPIC_PREFIX, type LiveEvent, type SpaceKey, spaceTopic } from './live-event.ts';

/** Larger messages on a live topic are dropped unread; the biggest real event is a 4 KB string value. */
const MAX_WIRE_BYTES = 256 * 1024;
/** A batch is cut before it grows past this, so it stays well inside `MAX_WIRE_BYTES`. */
const BATCH_WIRE_BYTES = 128 * 1024;

const spaceSchema = z.object({ organizationId: z.uuid().nullable(), ownerUserId: z.uuid() });
const body = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), data });
const eventSchema = z.discriminatedUnion('type', [
  body('properties.value', LIVE_DATA_SCHEMAS['properties.value']),
  body('devices.status', LIVE_DATA_SCHEMAS['devices.status']),
  body('things.updated', LIVE_DATA_SCHEMAS['things.updated']),
  body('devices.updated', LIVE_DATA_SCHEMAS['devices.updated']),
  body('dashboards.created', LIVE_DATA_SCHEMAS['dashboards.created']),
  body('dashboards.updated', LIVE_DATA_SCHEMAS['dashboards.updated']),
  body('dashboards.deleted', LIVE_DATA_SCHEMAS['dashboards.deleted']),
  body('notifications.created', LIVE_DATA_SCHEMAS['notifications.created']),
  body('sketches.updated', LIVE_DATA_SCHEMAS['sketches.updated']),
  body('onboardings.updated', z.object({ onboarding_id: z.uuid(), user_id: z.uuid() })),
]);
const header = { v: z.literal(1), origin: z.string().min(1).max(64), space: spaceSchema };
const singleSchema = z.intersection(z.object(header), eventSchema);
/** Several events of one space in one message (device ingest sends one per stored batch). */
const batchSchema = z.object({ ...header, type: z.literal('batch'), events: z.array(eventSchema).min(1) });

/** The bytes one process sends to the others: the event and the id of the bus that sent it. */
export function encodeWire(origin: string, event: LiveEvent): Buffer {
  return Buffer.from(
    JSON.stringify({ v: 1, origin, type: event.type, space: event.space, data: event.data }),
  );
}

/**
 * Events of one space as few messages as fit (`{v, origin, type: 'batch', space, events: [{type, data}]}`,
 * each under `BATCH_WIRE_BYTES`); a lone event goes in the single form.
 */
export function encodeWireBatch(origin: string, space: SpaceKey, events: readonly LiveEvent[]): Buffer[] {
  if (events.length === 1) return [encodeWire(origin, events[0] as LiveEvent)];
  const head = `{"v":1,"origin":${JSON.stringify(origin)},"type":"batch","space":${JSON.stringify(space)},"events":[`;
  const out: Buffer[] = [];
  let parts: string[] = [];
  let size = head.length;
  const cut = () => {
    if (parts.length > 0) out.push(Buffer.from(`${head}${parts.join(',')}]}`));
    parts = [];
    size = head.length;
  };
  for (const e of events) {
    const part = JSON.stringify({ type: e.type, data: e.data });
    if (parts.length > 0 && size + part.length + 1 > BATCH_WIRE_BYTES) cut();
    parts.push(part);
    size += part.length + 1;
  }
  cut();
  return out;
}

type WireResult = { ok: true; origin: string; events: LiveEvent[] } | { ok: false; reason: string };

/**
 * Reads a message from a live topic: one event or a batch of one space. Anything that is not well formed, or
 * names another space than its topic, is refused whole with a reason (and nothing of it delivered).
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
  const isBatch = (json as { type?: unknown } | null)?.type === 'batch';
  const parsed = isBatch ? batchSchema.safeParse(json) : singleSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, reason: `invalid event: ${parsed.error.issues[0]?.message ?? ''}` };
  const { origin, space } = parsed.data;
  if (spaceTopic(space) !== topic) return { ok: false, reason: 'space does not match the topic' };
  const bodies = 'events' in parsed.data ? parsed.data.events : [parsed.data];
  const events = bodies.map((e) => ({ type: e.type, space, data: e.data }) as LiveEvent);
  return { ok: true, origin, events };
}
