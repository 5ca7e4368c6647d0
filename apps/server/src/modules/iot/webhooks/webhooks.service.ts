import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import { iso } from '../common/schemas.ts';
import type { SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import { postWebhook, type Resolver, systemResolver } from './webhook-request.ts';
import { signedWebhookHeaders } from './webhook-signature.ts';
import { createWebhooksRepository, DELIVERY_LOG_SIZE } from './webhooks.repository.ts';

/** A test document begins so; the log tells tests from values by it (no column of their own). */
const TEST_PREFIX = '{"test":true,';

/** `whsec_…` and the secret's last 4 characters: enough to tell which one a receiver holds. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** A thing's webhook as its owner manages it: the signing secret, a test send and the delivery log. */
export function createWebhooksService(deps: {
  db: Database;
  resolve: SpaceResolver;
  /** WEBHOOK_ALLOW_PRIVATE, as the delivery worker has it: a test reaches what deliveries would. */
  allowPrivate?: boolean;
  addresses?: Resolver;
  timeoutMs?: number;
}) {
  const repo = createWebhooksRepository(deps.db);
  const things = createThingsRepository(deps.db);
  /** Things whose test is being sent by this process: one at a time each, so a page cannot make a flood. */
  const testing = new Set<string>();

  async function thingOf(ref: SpaceRequest, id: string, scope: 'iot.read' | 'iot.write') {
    const space = await deps.resolve(ref, scope);
    const rec = await things.find(space, id);
    if (!rec) throw notFound('Thing');
    return rec.thing;
  }

  async function sendTest(thing: { id: string; name: string }, uri: string) {
    const { secret } = await repo.ensureSecret(thing.id);
    const sentAt = new Date();
    // `test` first, so the log can tell it by its start (TEST_PREFIX).
    const body = JSON.stringify({
      test: true,
      thing: { id: thing.id, name: thing.name },
      time: sentAt.toISOString(),
    });
    const result = await postWebhook(uri, body, signedWebhookHeaders(secret, body, sentAt.getTime()), {
      allowPrivate: deps.allowPrivate ?? false,
      resolve: deps.addresses ?? systemResolver,
      timeoutMs: deps.timeoutMs ?? 5_000,
    });
    const outcome = result.ok
      ? { delivered: true, httpStatus: result.httpStatus, error: null }
      : { delivered: false, httpStatus: result.httpStatus ?? null, error: result.error };
    const id = await repo.recordTest(thing.id, body, outcome);
    return {
      ok: result.ok,
      http_status: outcome.httpStatus ?? undefined,
      error: outcome.error ?? undefined,
      sent_at: sentAt.toISOString(),
      delivery_id: id,
    };
  }

  return {
    /** The secret made now for a thing whose webhook was just set; undefined when it had one. */
    async secretMadeFor(thingId: string): Promise<string | undefined> {
      const { secret, made } = await repo.ensureSecret(thingId);
      return made ? secret : undefined;
    },

    /** A new secret: deliveries from now on are signed with it (shown this once). */
    async rotateSecret(ref: SpaceRequest, thingId: string) {
      const thing = await thingOf(ref, thingId, 'iot.write');
      return { webhook_secret: await repo.rotateSecret(thing.id) };
    },

    async info(ref: SpaceRequest, thingId: string) {
      const thing = await thingOf(ref, thingId, 'iot.read');
      const [secret, dropped] = await Promise.all([repo.secret(thing.id), repo.dropped(thing.id)]);
      return {
        uri: thing.webhookUri ?? undefined,
        active: thing.webhookActive,
        secret_hint: secret ? secretHint(secret) : undefined,
        dropped_values: dropped,
      };
    },

    /**
     * Posts a signed test document to the thing's address now, switched on or not (a receiver is tried before
     * values go to it), and records it in the log as finished: a test is not retried.
     */
    async test(ref: SpaceRequest, thingId: string) {
      const thing = await thingOf(ref, thingId, 'iot.write');
      if (!thing.webhookUri) throw new AppError('bad_request', 'Set the webhook address first.');
      if (testing.has(thing.id)) {
        throw new AppError('too_many_requests', 'A test of this webhook is still being sent.');
      }
      testing.add(thing.id);
      try {
        return await sendTest(thing, thing.webhookUri);
      } finally {
        testing.delete(thing.id);
      }
    },

    async deliveries(ref: SpaceRequest, thingId: string, page: { limit?: number; before?: string }) {
      const thing = await thingOf(ref, thingId, 'iot.read');
      const limit = page.limit ?? DELIVERY_LOG_SIZE;
      const [rows, dropped] = await Promise.all([
        repo.log(thing.id, { limit: limit + 1, before: page.before }),
        repo.dropped(thing.id),
      ]);
      const shown = rows.slice(0, limit);
      return {
        dropped_values: dropped,
        next_before: rows.length > limit ? shown.at(-1)?.id : undefined,
        deliveries: shown.map((r) => ({
          id: r.id,
          status: r.status,
          http_status: r.httpStatus ?? undefined,
          attempts: r.attempts,
          error: r.error ?? undefined,
          created_at: iso(r.createdAt) as string,
          updated_at: iso(r.updatedAt) as string,
          next_attempt_at: r.status === 'PENDING' ? iso(r.nextAttemptAt) : undefined,
          test: r.body.startsWith(TEST_PREFIX) || undefined,
          body: r.body,
        })),
      };
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
