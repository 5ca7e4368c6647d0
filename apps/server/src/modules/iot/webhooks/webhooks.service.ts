import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { iso } from '../common/schemas.ts';
import type { SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';

/** A thing's webhook as its owner manages it: the signing secret and the delivery log. */
export function createWebhooksService(deps: { db: Database; resolve: SpaceResolver }) {
  const repo = createWebhooksRepository(deps.db);
  const things = createThingsRepository(deps.db);

  async function thingOf(ref: SpaceRequest, id: string, scope: 'iot.read' | 'iot.write') {
    const space = await deps.resolve(ref, scope);
    const rec = await things.find(space, id);
    if (!rec) throw notFound('Thing');
    return rec.thing;
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

    async deliveries(ref: SpaceRequest, thingId: string) {
      const thing = await thingOf(ref, thingId, 'iot.read');
      const [rows, dropped] = await Promise.all([repo.log(thing.id), repo.dropped(thing.id)]);
      return {
        dropped_values: dropped,
        deliveries: rows.map((r) => ({
          id: r.id,
          status: r.status,
          http_status: r.httpStatus ?? undefined,
          attempts: r.attempts,
          error: r.error ?? undefined,
          created_at: iso(r.createdAt) as string,
          updated_at: iso(r.updatedAt) as string,
          next_attempt_at: r.status === 'PENDING' ? iso(r.nextAttemptAt) : undefined,
          body: r.body,
        })),
      };
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
