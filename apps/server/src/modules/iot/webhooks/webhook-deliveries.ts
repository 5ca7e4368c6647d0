import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { EventBus } from '../../live/live-event.ts';
import type { StoredPropertyValue } from '../triggers/trigger-firing.ts';
import { postWebhook, type Resolver, systemResolver } from './webhook-request.ts';
import { signedWebhookHeaders } from './webhook-signature.ts';
import { createWebhookTargets } from './webhook-targets.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';

export interface WebhookDeliveryOptions {
  db: Database;
  logger: FastifyBaseLogger;
  /** The live bus, whose `things.updated` tells the target cache what changed. */
  events?: EventBus;
  allowPrivate: boolean;
  /** Waits before each retry; the delivery fails after the last one. */
  retryDelaysMs: readonly number[];
  resolve?: Resolver;
  timeoutMs?: number;
  /** How often due deliveries are looked for (retries, other processes' rows, leftovers of a restart). */
  pollMs?: number;
  /** Deliveries per second per thing made by one process; values beyond are dropped and counted. */
  maxPerSecond?: number;
}

const CLAIM_BATCH = 10;

/**
 * Thing webhooks (issue 14): values stored by this process become deliveries in the database outbox; a worker
 * in every process claims due ones, POSTs them signed and records the outcome, retrying failures with
 * backoff. Nothing waits in memory but the values of the batch being written, so a restart loses none.
 */
export function createWebhookDeliveries(opts: WebhookDeliveryOptions) {
  const repo = createWebhooksRepository(opts.db);
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const maxPerSecond = opts.maxPerSecond ?? 10;
  const resolve = opts.resolve ?? systemResolver;
  const targets = createWebhookTargets({ read: (ids) => repo.propertyHooks(ids), events: opts.events });
  const windows = new Map<string, { second: number; sent: number }>();
  const pending = new Set<Promise<void>>();
  let working: Promise<void> | null = null;
  /** Values stored in this turn of the event loop, waiting to be looked up together. */
  let gathered: StoredPropertyValue[] | null = null;
  let again = false;
  let closed = false;

  const track = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  /** True when the thing may have one more delivery this second (a fixed one-second window). */
  function admit(thingId: string, now: number) {
    const second = Math.floor(now / 1000);
    const w = windows.get(thingId);
    if (!w || w.second !== second) {
      if (windows.size > 10_000) windows.clear();
      windows.set(thingId, { second, sent: 1 });
      return true;
    }
    if (w.sent >= maxPerSecond) return false;
    w.sent++;
    return true;
  }

  async function store(values: StoredPropertyValue[]) {
    const byProperty = await targets.of(values);
    if (byProperty.size === 0) return;
    const rows: { thingId: string; body: string }[] = [];
    const dropped = new Map<string, number>();
    const now = Date.now();
    for (const v of values) {
      const t = byProperty.get(v.propertyId);
      if (!t) continue;
      if (!admit(t.thingId, now)) {
        dropped.set(t.thingId, (dropped.get(t.thingId) ?? 0) + 1);
        continue;
      }
      rows.push({
        thingId: t.thingId,
        body: JSON.stringify({
          thing: { id: t.thingId, name: t.thingName },
          variable: { id: t.propertyId, name: t.propertyName, type: t.propertyType },
          value: v.value,
          time: v.at.toISOString(),
        }),
      });
    }
    await repo.enqueue(rows);
    if (dropped.size > 0) {
      opts.logger.warn({ dropped: Object.fromEntries(dropped) }, 'webhook deliveries over the rate dropped');
      await repo.countDropped(dropped);
    }
    if (rows.length > 0) kick();
  }

  async function attempt(
    d: { id: string; thingId: string; body: string; attempts: number },
    receiver?: {
      uri: string | null;
      active: boolean;
      deletedAt: Date | null;
      secret: string;
    },
  ) {
    if (!receiver?.uri || !receiver.active || receiver.deletedAt) {
      await repo.finish(d.id, { status: 'FAILED', httpStatus: null, error: 'the webhook was turned off' });
      return;
    }
    const result = await postWebhook(receiver.uri, d.body, signedWebhookHeaders(receiver.secret, d.body), {
      allowPrivate: opts.allowPrivate,
      resolve,
      timeoutMs,
    });
    if (result.ok) {
      await repo.finish(d.id, { status: 'DELIVERED', httpStatus: result.httpStatus, error: null });
    } else {
      const delay = result.refused ? undefined : opts.retryDelaysMs[d.attempts - 1];
      await repo.finish(d.id, {
        status: delay === undefined ? 'FAILED' : 'PENDING',
        httpStatus: result.httpStatus ?? null,
        error: result.error,
        retryInMs: delay,
      });
    }
    await repo.prune(d.thingId);
  }

  async function work() {
    do {
      again = false;
      const claimed = await repo.claim(CLAIM_BATCH, timeoutMs + 30_000);
      if (claimed.length === 0) continue;
      const receivers = new Map(
        (await repo.receivers([...new Set(claimed.map((d) => d.thingId))])).map((r) => [r.thingId, r]),
      );
      await Promise.all(
        claimed.map((d) =>
          attempt(d, receivers.get(d.thingId)).catch((err: unknown) =>
            opts.logger.error({ err, deliveryId: d.id }, 'webhook delivery not recorded'),
          ),
        ),
      );
      if (claimed.length === CLAIM_BATCH) again = true;
    } while (again && !closed);
  }

  /** Looks for due deliveries now (or once more after the current round). */
  function kick() {
    if (closed) return;
    if (working) {
      again = true;
      return;
    }
    working = work()
      .catch((err: unknown) => opts.logger.error({ err }, 'webhook deliveries not claimed'))
      .finally(() => {
        working = null;
      });
  }

  const poll = setInterval(kick, opts.pollMs ?? 1_000);
  poll.unref();
  kick();

  return {
    /** Values just stored by this process (the same feed as triggers'). */
    valuesStored(values: StoredPropertyValue[]) {
      if (closed || values.length === 0) return;
      // Ingest tells of a committed batch one message at a time, in one turn of the event loop: gathered
      // until the next turn, they cost one look-up of their targets, not one per message (a fleet's devices
      // each send one value now and then, so per message every look-up would miss).
      if (gathered) {
        for (const v of values) gathered.push(v);
        return;
      }
      const batch = [...values];
      gathered = batch;
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => {
            gathered = null;
            return store(batch);
          })
          .catch((err: unknown) => opts.logger.error({ err }, 'webhook deliveries not stored')),
      );
    },

    /** Resolves when the values given so far are in the outbox and the current round of attempts ended. */
    async settled() {
      while (pending.size > 0 || working) {
        await Promise.all([...pending]);
        await working;
      }
    },

    async close() {
      closed = true;
      clearInterval(poll);
      targets.close();
      await this.settled();
    },
  };
}
export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;
