import { randomBytes } from 'node:crypto';
import { WEBHOOK_LOG_SIZE } from '@tinkercloud/shared/iot';
import { and, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  iotProperties,
  iotThings,
  iotThingWebhooks,
  iotWebhookDeliveries,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/sql-results.ts';

/** How many deliveries the log keeps per thing (pending ones are never removed). */
export const DELIVERY_LOG_SIZE = WEBHOOK_LOG_SIZE;

/** A property whose thing has an active webhook. */
export interface WebhookTarget {
  propertyId: string;
  propertyName: string;
  propertyType: string;
  thingId: string;
  thingName: string;
}

/** A live property, and whether its thing wants its values (an active webhook with an address). */
export interface PropertyHook extends WebhookTarget {
  hooked: boolean;
}

export interface ClaimedDelivery {
  id: string;
  thingId: string;
  body: string;
  attempts: number;
}

const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/** The only SQL of thing webhooks: secrets, the outbox and its log. */
export function createWebhooksRepository(db: Database) {
  return {
    /** The live ones of these properties, hooked or not (a cache of them needs to know each one's thing). */
    async propertyHooks(propertyIds: string[]): Promise<PropertyHook[]> {
      if (propertyIds.length === 0) return [];
      return db
        .select({
          propertyId: iotProperties.id,
          propertyName: iotProperties.name,
          propertyType: iotProperties.type,
          thingId: iotThings.id,
          thingName: iotThings.name,
          hooked: sql<boolean>`(${iotThings.webhookActive} and ${iotThings.webhookUri} is not null)`,
        })
        .from(iotProperties)
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .where(
          and(
            inArray(iotProperties.id, propertyIds),
            isNull(iotProperties.deletedAt),
            isNull(iotThings.deletedAt),
          ),
        );
    },

    /** The thing's secret, made now (`made`) when it has none. */
    async ensureSecret(thingId: string): Promise<{ secret: string; made: boolean }> {
      const made = await db
        .insert(iotThingWebhooks)
        .values({ thingId, secret: newSecret() })
        .onConflictDoNothing()
        .returning({ secret: iotThingWebhooks.secret });
      if (made[0]) return { secret: made[0].secret, made: true };
      const rows = await db
        .select({ secret: iotThingWebhooks.secret })
        .from(iotThingWebhooks)
        .where(eq(iotThingWebhooks.thingId, thingId));
      const row = rows[0];
      if (!row) throw new Error('webhook secret vanished');
      return { secret: row.secret, made: false };
    },

    async rotateSecret(thingId: string): Promise<string> {
      const secret = newSecret();
      await db
        .insert(iotThingWebhooks)
        .values({ thingId, secret })
        .onConflictDoUpdate({ target: iotThingWebhooks.thingId, set: { secret } });
      return secret;
    },

    async countDropped(byThing: Map<string, number>): Promise<void> {
      for (const [thingId, n] of byThing) {
        await db
          .insert(iotThingWebhooks)
          .values({ thingId, secret: newSecret(), droppedValues: n })
          .onConflictDoUpdate({
            target: iotThingWebhooks.thingId,
            set: { droppedValues: sql`${iotThingWebhooks.droppedValues} + ${n}` },
          });
      }
    },

    async dropped(thingId: string): Promise<number> {
      const rows = await db
        .select({ n: iotThingWebhooks.droppedValues })
        .from(iotThingWebhooks)
        .where(eq(iotThingWebhooks.thingId, thingId));
      return rows[0]?.n ?? 0;
    },

    async enqueue(rows: { thingId: string; body: string }[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(iotWebhookDeliveries).values(rows.map((r) => ({ ...r, status: 'PENDING' as const })));
    },

    /**
     * Claims due deliveries for one attempt: each counts the attempt and is not due again until `leaseMs`
     * passed, so a process dying mid-attempt leaves it to another one then. Rows other processes are
     * claiming are skipped, not waited for.
     */
    async claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
      return rowsOf<ClaimedDelivery>(
        db,
        sql`update ${iotWebhookDeliveries} d
            set attempts = d.attempts + 1,
                next_attempt_at = now() + ${leaseMs}::double precision * interval '1 millisecond',
                updated_at = now()
            from (select id from ${iotWebhookDeliveries}
                  where status = 'PENDING' and next_attempt_at <= now()
                  order by next_attempt_at limit ${limit}
                  for update skip locked) due
            where d.id = due.id
            returning d.id, d.thing_id as "thingId", d.body, d.attempts`,
      );
    },

    /** Where and how the claimed deliveries' things want them now (secrets made for webhooks set before). */
    async receivers(thingIds: string[]) {
      if (thingIds.length === 0) return [];
      for (const id of thingIds) await this.ensureSecret(id);
      return db
        .select({
          thingId: iotThings.id,
          uri: iotThings.webhookUri,
          active: iotThings.webhookActive,
          deletedAt: iotThings.deletedAt,
          secret: iotThingWebhooks.secret,
        })
        .from(iotThings)
        .innerJoin(iotThingWebhooks, eq(iotThingWebhooks.thingId, iotThings.id))
        .where(inArray(iotThings.id, thingIds));
    },

    async finish(
      id: string,
      outcome: {
        status: 'PENDING' | 'DELIVERED' | 'FAILED';
        httpStatus: number | null;
        error: string | null;
        retryInMs?: number;
      },
    ): Promise<void> {
      await db
        .update(iotWebhookDeliveries)
        .set({
          status: outcome.status,
          httpStatus: outcome.httpStatus,
          error: outcome.error,
          updatedAt: sql`now()`,
          ...(outcome.retryInMs !== undefined && {
            nextAttemptAt: sql`now() + ${outcome.retryInMs}::double precision * interval '1 millisecond'`,
          }),
        })
        .where(eq(iotWebhookDeliveries.id, id));
    },

    /** Keeps the log to its size: the oldest finished deliveries beyond it go. */
    async prune(thingId: string): Promise<void> {
      const kept = db
        .select({ id: iotWebhookDeliveries.id })
        .from(iotWebhookDeliveries)
        .where(eq(iotWebhookDeliveries.thingId, thingId))
        .orderBy(desc(iotWebhookDeliveries.createdAt), desc(iotWebhookDeliveries.id))
        .limit(DELIVERY_LOG_SIZE);
      await db
        .delete(iotWebhookDeliveries)
        .where(
          and(
            eq(iotWebhookDeliveries.thingId, thingId),
            ne(iotWebhookDeliveries.status, 'PENDING'),
            notInArray(iotWebhookDeliveries.id, kept),
          ),
        );
    },

    /**
     * The thing's deliveries, newest first: `limit` of them, older than the delivery `before` when given (a
     * `before` no longer in the log, pruned meanwhile, answers none).
     */
    async log(thingId: string, page: { limit: number; before?: string }) {
      const d = iotWebhookDeliveries;
      const older = page.before
        ? sql`(${d.createdAt}, ${d.id}) < (select created_at, id from ${d} b
                where b.id = ${page.before} and b.thing_id = ${thingId})`
        : undefined;
      return db
        .select()
        .from(d)
        .where(and(eq(d.thingId, thingId), older))
        .orderBy(desc(d.createdAt), desc(d.id))
        .limit(page.limit);
    },

    /** The thing's signing secret, if it has one (only its end is ever shown). */
    async secret(thingId: string): Promise<string | undefined> {
      const rows = await db
        .select({ secret: iotThingWebhooks.secret })
        .from(iotThingWebhooks)
        .where(eq(iotThingWebhooks.thingId, thingId));
      return rows[0]?.secret;
    },

    /** A test sent from the thing page, recorded as finished (a test is never retried). */
    async recordTest(
      thingId: string,
      body: string,
      outcome: { delivered: boolean; httpStatus: number | null; error: string | null },
    ): Promise<string> {
      const [row] = await db
        .insert(iotWebhookDeliveries)
        .values({
          thingId,
          body,
          status: outcome.delivered ? 'DELIVERED' : 'FAILED',
          attempts: 1,
          httpStatus: outcome.httpStatus,
          error: outcome.error,
        })
        .returning({ id: iotWebhookDeliveries.id });
      if (!row) throw new Error('webhook test not recorded');
      await this.prune(thingId);
      return row.id;
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
