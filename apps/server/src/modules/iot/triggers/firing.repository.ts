import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  iotDeviceStatusEvents,
  iotDevices,
  iotProperties,
  iotThings,
  iotTriggerFirings,
  iotTriggerGeneration,
  iotTriggers,
  memberships,
  users,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/sql-results.ts';
import type { Person } from './trigger-templates.ts';

interface ActiveTriggerRow {
  id: string;
  organizationId: string | null;
  ownerUserId: string;
  propertyId: string | null;
  deviceStatusSource: typeof iotTriggers.$inferSelect.deviceStatusSource;
  condition: { operator: string; value?: unknown } | null;
}

/** One trigger's values of a batch, summed up (see `summarise`). */
export interface FiringClaim {
  id: string;
  first: boolean;
  rose: boolean;
  last: boolean;
}

/** Firings kept per trigger (the trigger page lists them). */
export const FIRINGS_KEPT = 100;

/** The SQL of firing triggers: the index of active ones, the firing decision, what the messages name. */
export function createFiringRepository(db: Database) {
  return {
    /** The trigger's kept firings, newest first. */
    async firings(triggerId: string) {
      return db
        .select()
        .from(iotTriggerFirings)
        .where(eq(iotTriggerFirings.triggerId, triggerId))
        .orderBy(desc(iotTriggerFirings.firedAt), desc(iotTriggerFirings.id))
        .limit(FIRINGS_KEPT);
    },

    /** Notes a firing and drops the trigger's firings beyond the newest FIRINGS_KEPT. */
    async recordFiring(triggerId: string, source: Record<string, unknown>) {
      await db.insert(iotTriggerFirings).values({ triggerId, source });
      await db.execute(sql`
        delete from iot_trigger_firings where trigger_id = ${triggerId}::uuid and id not in (
          select id from iot_trigger_firings where trigger_id = ${triggerId}::uuid
          order by fired_at desc, id desc limit ${FIRINGS_KEPT})`);
    },

    async generation(): Promise<number> {
      const rows = await db
        .select({ n: iotTriggerGeneration.generation })
        .from(iotTriggerGeneration)
        .limit(1);
      return rows[0]?.n ?? 0;
    },

    async activeTriggers(): Promise<ActiveTriggerRow[]> {
      return db
        .select({
          id: iotTriggers.id,
          organizationId: iotTriggers.organizationId,
          ownerUserId: iotTriggers.ownerUserId,
          propertyId: iotTriggers.propertyId,
          deviceStatusSource: iotTriggers.deviceStatusSource,
          condition: iotTriggers.condition,
        })
        .from(iotTriggers)
        .where(and(eq(iotTriggers.active, true), isNull(iotTriggers.deletedAt)));
    },

    /**
     * Decides, in one statement, which triggers fire: a trigger fires when its condition starts to hold
     * (it did not hold at the last value seen and holds at the first one now, or rose within the batch) and
     * it last fired at least `minIntervalMs` ago. The state row is written only when something changes; its
     * row lock makes the decision exact when several processes decide at once. Returns the triggers fired.
     */
    async claim(claims: FiringClaim[], minIntervalMs: number): Promise<Set<string>> {
      if (claims.length === 0) return new Set();
      const fire = sql`(((s.condition_met is not true and i.first) or i.rose)
        and (s.last_fired_at is null or s.last_fired_at <= now() - make_interval(secs => ${minIntervalMs / 1000})))`;
      const rows = await rowsOf<{ id: string; fired: boolean }>(
        db,
        sql`
        update iot_trigger_states s
        set condition_met = i.last,
            last_fired_at = case when ${fire} then now() else s.last_fired_at end
        from unnest(${sql.param(claims.map((c) => c.id))}::uuid[], ${sql.param(claims.map((c) => c.first))}::bool[],
                    ${sql.param(claims.map((c) => c.rose))}::bool[], ${sql.param(claims.map((c) => c.last))}::bool[])
               as i(id, first, rose, last),
             iot_triggers t
        where s.trigger_id = i.id and t.id = i.id and t.active and t.deleted_at is null
          and (s.condition_met is distinct from i.last or ${fire})
        returning s.trigger_id as id, s.last_fired_at = now() as fired`,
      );
      return new Set(rows.filter((r) => r.fired).map((r) => r.id));
    },

    /** Forgets whether the condition held (its condition or source changed): the next holding value fires. */
    async resetCondition(triggerId: string): Promise<void> {
      await db.execute(
        sql`update iot_trigger_states set condition_met = null where trigger_id = ${triggerId}`,
      );
    },

    /** Whether the device's newest status change is still this one (after a grace period). */
    async statusStillIs(deviceId: string, value: 'CONNECTED' | 'DISCONNECTED', at: Date): Promise<boolean> {
      const rows = await db
        .select({ value: iotDeviceStatusEvents.value, at: iotDeviceStatusEvents.at })
        .from(iotDeviceStatusEvents)
        .where(eq(iotDeviceStatusEvents.deviceId, deviceId))
        .orderBy(desc(iotDeviceStatusEvents.at))
        .limit(1);
      const last = rows[0];
      return !!last && last.value === value && last.at.getTime() <= at.getTime();
    },

    /** A live trigger of a space, with its name (null when gone or turned off since it was indexed). */
    async liveTrigger(id: string) {
      const rows = await db
        .select({
          id: iotTriggers.id,
          name: iotTriggers.name,
          organizationId: iotTriggers.organizationId,
          ownerUserId: iotTriggers.ownerUserId,
        })
        .from(iotTriggers)
        .where(and(eq(iotTriggers.id, id), eq(iotTriggers.active, true), isNull(iotTriggers.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The property, its thing and the thing's device, as messages name them. */
    async propertyContext(propertyId: string) {
      const rows = await db
        .select({
          propertyName: iotProperties.name,
          thingId: iotThings.id,
          thingName: iotThings.name,
          deviceId: iotDevices.id,
          deviceName: iotDevices.name,
          deviceStatus: iotDevices.status,
        })
        .from(iotProperties)
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .leftJoin(iotDevices, eq(iotDevices.id, iotThings.deviceId))
        .where(eq(iotProperties.id, propertyId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The device and the thing it drives, as messages name them. */
    async deviceContext(deviceId: string) {
      const rows = await db
        .select({
          deviceName: iotDevices.name,
          thingId: iotThings.id,
          thingName: iotThings.name,
        })
        .from(iotDevices)
        .leftJoin(iotThings, and(eq(iotThings.deviceId, iotDevices.id), isNull(iotThings.deletedAt)))
        .where(eq(iotDevices.id, deviceId))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Of these users, those who may receive the space's notifications now: its members (in My Cloud, its
     * owner). Checked at each firing, so a member who left gets nothing more.
     */
    async recipients(
      space: { organizationId: string | null; ownerUserId: string },
      userIds: string[],
    ): Promise<Person[]> {
      const ids = [...new Set(userIds.map((u) => u.toLowerCase()))];
      if (ids.length === 0) return [];
      const person = { id: users.id, username: users.username, email: users.email, name: users.name };
      if (!space.organizationId) {
        if (!ids.includes(space.ownerUserId)) return [];
        return db.select(person).from(users).where(eq(users.id, space.ownerUserId));
      }
      return db
        .select(person)
        .from(users)
        .innerJoin(
          memberships,
          and(eq(memberships.userId, users.id), eq(memberships.organizationId, space.organizationId)),
        )
        .where(inArray(users.id, ids));
    },

    async person(userId: string): Promise<Person | undefined> {
      const rows = await db
        .select({ id: users.id, username: users.username, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0];
    },
  };
}
export type FiringRepository = ReturnType<typeof createFiringRepository>;
