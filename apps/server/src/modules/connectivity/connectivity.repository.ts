import { and, eq, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  iotDeviceConnectivity,
  iotDeviceSecrets,
  iotDeviceStatusEvents,
  iotDevices,
  iotProperties,
  iotThings,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-results.ts';
import { type SpaceKey, spaceKeyOf } from '../live/live-event.ts';

export interface DeviceIdentity {
  id: string;
  space: SpaceKey;
  secretHash: string | null;
  deleted: boolean;
  /** The live thing the device drives, if any. */
  thingId: string | null;
}

export interface ThingInfo {
  id: string;
  space: SpaceKey;
  deviceId: string | null;
  timezone: string;
}

export interface PropertyInfo {
  id: string;
  name: string;
  /** What the sketch calls it, and so what the device sends: the variable name, else the name. */
  variable: string;
  type: string;
  persist: boolean;
}

type Rejection = { at: string; topic: string; name: string; reason: string };

/** A device's new status, as of `at`. */
export interface StatusWrite {
  deviceId: string;
  status: 'ONLINE' | 'OFFLINE';
  at: Date;
}

/** Rows whose uuid column is one of these, as one array parameter (one id: a plain equality). */
const anyOf = (column: AnyPgColumn, ids: string[]) =>
  ids.length === 1 ? eq(column, ids[0] as string) : sql`${column} = any(${sql.param(ids)}::uuid[])`;

/**
 * Devices among these ids, as one array parameter: the periodic re-check reads every connected device (10,000
 * in a fleet), and a list of as many parameters costs far more to build and parse than one array.
 */
const anyDevice = (ids: string[]) => anyOf(iotDevices.id, ids);

/** Devices with no activity since `before`, or none known. */
const inactiveSince = (before: Date) =>
  or(isNull(iotDevices.lastActivityAt), lt(iotDevices.lastActivityAt, before));

/** The SQL the broker side needs: identities, bindings, status and what devices report about themselves. */
export function createConnectivityRepository(db: Database) {
  /** The device's connectivity row: `insert` when it has none yet, else `update` (and its time). */
  async function upsertConnectivity(
    insert: typeof iotDeviceConnectivity.$inferInsert,
    update: PgUpdateSetSource<typeof iotDeviceConnectivity>,
  ): Promise<void> {
    await db
      .insert(iotDeviceConnectivity)
      .values(insert)
      .onConflictDoUpdate({
        target: iotDeviceConnectivity.deviceId,
        set: { ...update, updatedAt: sql`now()` },
      });
  }

  /**
   * Marks offline the online devices `where` selects and records their disconnection at `at`, in one
   * transaction; returns those changed, with their space (for the live event).
   */
  async function markOffline(where: SQL | undefined, at: Date) {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(iotDevices)
        .set({ status: 'OFFLINE' })
        .where(and(eq(iotDevices.status, 'ONLINE'), where))
        .returning({
          id: iotDevices.id,
          organizationId: iotDevices.organizationId,
          ownerUserId: iotDevices.ownerUserId,
        });
      if (rows.length > 0) {
        await tx
          .insert(iotDeviceStatusEvents)
          .values(rows.map((r) => ({ deviceId: r.id, value: 'DISCONNECTED' as const, at })));
      }
      return rows;
    });
  }

  /** Several devices in one query (many connect at once); absent: unknown. */
  async function devices(ids: string[]): Promise<Map<string, DeviceIdentity>> {
    const out = new Map<string, DeviceIdentity>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({
        id: iotDevices.id,
        organizationId: iotDevices.organizationId,
        ownerUserId: iotDevices.ownerUserId,
        deletedAt: iotDevices.deletedAt,
        secretHash: iotDeviceSecrets.secretHash,
        thingId: iotThings.id,
      })
      .from(iotDevices)
      .leftJoin(iotDeviceSecrets, eq(iotDeviceSecrets.deviceId, iotDevices.id))
      .leftJoin(iotThings, and(eq(iotThings.deviceId, iotDevices.id), isNull(iotThings.deletedAt)))
      .where(anyDevice(ids));
    for (const r of rows) {
      if (out.has(r.id)) continue;
      out.set(r.id, {
        id: r.id,
        space: spaceKeyOf(r),
        secretHash: r.secretHash,
        deleted: r.deletedAt !== null,
        thingId: r.thingId,
      });
    }
    return out;
  }

  /** Several live things in one query (the first messages of many devices); absent: unknown or deleted. */
  async function things(ids: string[]): Promise<Map<string, ThingInfo>> {
    const out = new Map<string, ThingInfo>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({
        id: iotThings.id,
        organizationId: iotThings.organizationId,
        ownerUserId: iotThings.ownerUserId,
        deviceId: iotThings.deviceId,
        timezone: iotThings.timezone,
      })
      .from(iotThings)
      .where(and(anyOf(iotThings.id, ids), isNull(iotThings.deletedAt)));
    for (const r of rows) {
      out.set(r.id, { id: r.id, space: spaceKeyOf(r), deviceId: r.deviceId, timezone: r.timezone });
    }
    return out;
  }

  /** The live properties of several things in one query, by thing (a thing without any is absent). */
  async function propertiesOfThings(thingIds: string[]): Promise<Map<string, PropertyInfo[]>> {
    const out = new Map<string, PropertyInfo[]>();
    if (thingIds.length === 0) return out;
    const rows = await db
      .select({
        id: iotProperties.id,
        thingId: iotProperties.thingId,
        name: iotProperties.name,
        variableName: iotProperties.variableName,
        type: iotProperties.type,
        persist: iotProperties.persist,
      })
      .from(iotProperties)
      .where(and(anyOf(iotProperties.thingId, thingIds), isNull(iotProperties.deletedAt)));
    for (const r of rows) {
      const list = out.get(r.thingId) ?? [];
      list.push({
        id: r.id,
        name: r.name,
        variable: r.variableName ?? r.name,
        type: r.type,
        persist: r.persist,
      });
      out.set(r.thingId, list);
    }
    return out;
  }

  return {
    async device(id: string): Promise<DeviceIdentity | null> {
      return (await devices([id])).get(id) ?? null;
    },

    devices,

    /** The live thing each of these devices drives (absent: none), and whether the device still exists. */
    async bindings(deviceIds: string[]): Promise<Map<string, { thingId: string | null; live: boolean }>> {
      const out = new Map<string, { thingId: string | null; live: boolean }>();
      if (deviceIds.length === 0) return out;
      const rows = await db
        .select({ id: iotDevices.id, deletedAt: iotDevices.deletedAt, thingId: iotThings.id })
        .from(iotDevices)
        .leftJoin(iotThings, and(eq(iotThings.deviceId, iotDevices.id), isNull(iotThings.deletedAt)))
        .where(anyDevice(deviceIds));
      for (const r of rows) out.set(r.id, { thingId: r.thingId, live: r.deletedAt === null });
      return out;
    },

    async thing(id: string): Promise<ThingInfo | null> {
      return (await things([id])).get(id) ?? null;
    },

    things,

    async properties(thingId: string): Promise<PropertyInfo[]> {
      return (await propertiesOfThings([thingId])).get(thingId) ?? [];
    },

    propertiesOfThings,

    /**
     * Sets each device's status (and last activity) and appends to its history, in one statement (so all or
     * nothing); nothing for a device already so. Returns the devices changed. Many devices connecting at once
     * cost one statement, not one each, nor a transaction of four (at most one change per device: the caller
     * orders a device's changes).
     */
    async setStatuses(changes: StatusWrite[]): Promise<Set<string>> {
      if (changes.length === 0) return new Set();
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`with changed as (
              update iot_devices d set status = c.status, last_activity_at = c.at
              from unnest(${sql.param(changes.map((c) => c.deviceId))}::uuid[],
                          ${sql.param(changes.map((c) => c.status))}::text[],
                          ${sql.param(changes.map((c) => c.at.toISOString()))}::timestamptz[]) as c(id, status, at)
              where d.id = c.id and d.status <> c.status
              returning d.id, c.status, c.at
            ), history as (
              insert into iot_device_status_events (device_id, value, at)
              select id, case when status = 'ONLINE' then 'CONNECTED' else 'DISCONNECTED' end, at from changed
            )
            select id from changed`,
      );
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Marks offline every device the database thinks online but that has no session here (after a restart,
     * or a crash that left no disconnect behind). Returns the devices it changed.
     */
    async markOfflineExcept(connected: string[], at: Date) {
      return markOffline(connected.length > 0 ? notInArray(iotDevices.id, connected) : undefined, at);
    },

    /** Devices the database holds online whose last activity is older than `before` (or unknown). */
    async staleOnline(before: Date): Promise<string[]> {
      const rows = await db
        .select({ id: iotDevices.id })
        .from(iotDevices)
        .where(and(eq(iotDevices.status, 'ONLINE'), inactiveSince(before)));
      return rows.map((r) => r.id);
    },

    /**
     * Marks these devices offline if they are still online with no activity since `before`; returns those
     * changed (with their space, for the live event).
     */
    async markStaleOffline(deviceIds: string[], before: Date, at: Date) {
      if (deviceIds.length === 0) return [];
      return markOffline(and(anyDevice(deviceIds), inactiveSince(before)), at);
    },

    async touch(deviceIds: string[], at: Date): Promise<void> {
      if (deviceIds.length === 0) return;
      await db.update(iotDevices).set({ lastActivityAt: at }).where(anyDevice(deviceIds));
    },

    async setVersions(deviceId: string, v: { libVersion?: string; wifiFwVersion?: string }): Promise<void> {
      await db.update(iotDevices).set(v).where(eq(iotDevices.id, deviceId));
    },

    async setNetConfig(deviceId: string, netConfig: { adapter: number; params: unknown[] }): Promise<void> {
      await upsertConnectivity({ deviceId, netConfig }, { netConfig });
    },

    /** Adds refused values to the device's counter and keeps the latest reason. */
    async addRejections(deviceId: string, count: number, last: Rejection): Promise<void> {
      await upsertConnectivity(
        { deviceId, rejectedValues: count, lastRejection: last },
        { rejectedValues: sql`${iotDeviceConnectivity.rejectedValues} + ${count}`, lastRejection: last },
      );
    },

    /** Adds messages refused whole (too large, over the rate) to the device's counter; keeps the latest reason. */
    async addRejectedMessages(deviceId: string, count: number, last: Rejection): Promise<void> {
      await upsertConnectivity(
        { deviceId, rejectedMessages: count, lastRejection: last },
        {
          rejectedMessages: sql`${iotDeviceConnectivity.rejectedMessages} + ${count}`,
          lastRejection: last,
        },
      );
    },

    async connectivity(deviceId: string) {
      const rows = await db
        .select()
        .from(iotDeviceConnectivity)
        .where(eq(iotDeviceConnectivity.deviceId, deviceId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type ConnectivityRepository = ReturnType<typeof createConnectivityRepository>;
