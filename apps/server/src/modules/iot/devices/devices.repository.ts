import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  iotDeviceSecrets,
  iotDeviceStatusEvents,
  iotDevices,
  iotProperties,
  iotThings,
} from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type DeviceRow = typeof iotDevices.$inferSelect;
export type ThingRow = typeof iotThings.$inferSelect;
export type DeviceChanges = Partial<
  Omit<typeof iotDevices.$inferInsert, 'id' | 'organizationId' | 'ownerUserId' | 'createdAt'>
>;

/** A device with the live thing it drives (and that thing's property count). */
export interface DeviceRecord {
  device: DeviceRow;
  thing: ThingRow | null;
  propertiesCount: number | null;
}

interface DeviceFilters {
  showDeleted?: boolean;
  serial?: string;
  uniqueHardwareId?: string;
  tags?: Record<string, string>;
}

const DEVICE_COLUMNS = [
  'id',
  'organization_id',
  'owner_user_id',
  'folder_id',
  'name',
  'type',
  'fqbn',
  'serial',
  'connection_type',
  'unique_hardware_id',
  'ble_mac',
  'locked',
  'status',
  'last_activity_at',
  'lib_version',
  'wifi_fw_version',
  'metadata',
  'tags',
  'created_at',
  'updated_at',
  'deleted_at',
]
  .map((c) => `d.${c} as d_${c}`)
  .join(', ');
const THING_COLUMNS = [
  'id',
  'organization_id',
  'owner_user_id',
  'folder_id',
  'name',
  'timezone',
  'device_id',
  'webhook_uri',
  'webhook_active',
  'assistant',
  'sketch_id',
  'source_template',
  'tags',
  'created_at',
  'updated_at',
  'deleted_at',
]
  .map((c) => `t.${c} as t_${c}`)
  .join(', ');

type Raw = Record<string, unknown>;
/** Rows of `db.execute` with either driver (node-postgres and PGlite both return `{ rows }`). */
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const date = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function recordFromRaw(r: Raw): DeviceRecord {
  const device: DeviceRow = {
    id: r.d_id as string,
    organizationId: r.d_organization_id as string | null,
    ownerUserId: r.d_owner_user_id as string,
    folderId: r.d_folder_id as string | null,
    name: r.d_name as string,
    type: r.d_type as string,
    fqbn: r.d_fqbn as string | null,
    serial: r.d_serial as string,
    connectionType: r.d_connection_type as string | null,
    uniqueHardwareId: r.d_unique_hardware_id as string | null,
    bleMac: r.d_ble_mac as string | null,
    locked: r.d_locked as boolean,
    status: r.d_status as DeviceRow['status'],
    lastActivityAt: date(r.d_last_activity_at),
    libVersion: r.d_lib_version as string | null,
    wifiFwVersion: r.d_wifi_fw_version as string | null,
    metadata: json(r.d_metadata),
    tags: json(r.d_tags),
    createdAt: date(r.d_created_at) as Date,
    updatedAt: date(r.d_updated_at) as Date,
    deletedAt: date(r.d_deleted_at),
  };
  const thing: ThingRow | null =
    r.t_id === null || r.t_id === undefined
      ? null
      : {
          id: r.t_id as string,
          organizationId: r.t_organization_id as string | null,
          ownerUserId: r.t_owner_user_id as string,
          folderId: r.t_folder_id as string | null,
          name: r.t_name as string,
          timezone: r.t_timezone as string,
          deviceId: r.t_device_id as string | null,
          webhookUri: r.t_webhook_uri as string | null,
          webhookActive: r.t_webhook_active as boolean,
          assistant: r.t_assistant as ThingRow['assistant'],
          sketchId: r.t_sketch_id as string | null,
          sourceTemplate: r.t_source_template as string | null,
          tags: json(r.t_tags),
          createdAt: date(r.t_created_at) as Date,
          updatedAt: date(r.t_updated_at) as Date,
          deletedAt: date(r.t_deleted_at),
        };
  return { device, thing, propertiesCount: thing ? Number(r.properties_count) : null };
}

const propertiesCount = sql<
  number | null
>`(select count(*)::int from ${iotProperties} where ${iotProperties.thingId} = ${iotThings.id} and ${iotProperties.deletedAt} is null)`;

/** The only SQL for devices, their secret keys and status history. */
export function createDevicesRepository(db: Database) {
  const withThing = () =>
    db
      .select({ device: iotDevices, thing: iotThings, propertiesCount })
      .from(iotDevices)
      .leftJoin(iotThings, and(eq(iotThings.deviceId, iotDevices.id), isNull(iotThings.deletedAt)));

  return {
    /**
     * Written as plain SQL with explicit columns: lists can hold thousands of devices, and mapping rows
     * by hand is several times faster than the query builder's generic mapping.
     */
    async list(space: IotSpace, f: DeviceFilters): Promise<DeviceRecord[]> {
      const where: SQL[] = [
        space.organizationId
          ? sql`d.organization_id = ${space.organizationId}`
          : sql`d.organization_id is null and d.owner_user_id = ${space.ownerUserId}`,
      ];
      if (!f.showDeleted) where.push(sql`d.deleted_at is null`);
      if (f.serial !== undefined) where.push(sql`d.serial = ${f.serial}`);
      if (f.uniqueHardwareId !== undefined) where.push(sql`d.unique_hardware_id = ${f.uniqueHardwareId}`);
      if (f.tags && Object.keys(f.tags).length > 0)
        where.push(sql`d.tags @> ${JSON.stringify(f.tags)}::jsonb`);
      const result = await db.execute(sql`
        select ${sql.raw(DEVICE_COLUMNS)}, ${sql.raw(THING_COLUMNS)},
          (select count(*)::int from iot_properties p where p.thing_id = t.id and p.deleted_at is null) as properties_count
        from iot_devices d
        left join iot_things t on t.device_id = d.id and t.deleted_at is null
        where ${sql.join(where, sql` and `)}
        order by d.created_at, d.id`);
      return rowsOf(result).map(recordFromRaw);
    },

    /** One device of the space; soft-deleted ones only when asked. */
    async find(
      space: IotSpace,
      id: string,
      opts: { withDeleted?: boolean } = {},
    ): Promise<DeviceRecord | null> {
      const where = [inSpace(iotDevices, space), eq(iotDevices.id, id)];
      if (!opts.withDeleted) where.push(isNull(iotDevices.deletedAt));
      const rows = await withThing()
        .where(and(...where))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The space's live devices; of the given types only, when `types` is given. */
    async count(
      space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>,
      types?: readonly string[],
    ): Promise<number> {
      const where = [inSpace(iotDevices, space), isNull(iotDevices.deletedAt)];
      if (types) where.push(inArray(iotDevices.type, [...types]));
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(iotDevices)
        .where(and(...where));
      return rows[0]?.n ?? 0;
    },

    /**
     * Holds, until the transaction ends, the claim of one hardware id: two claims of the same board wait
     * for each other, so the check that no live device holds it stays true until the insert.
     */
    async lockHardwareId(uniqueHardwareId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`uhwid:${uniqueHardwareId}`}))`);
    },

    /** Whether a live device (of any space) or a device with this id exists: a claim must not reuse either. */
    async claimTaken(uniqueHardwareId: string, id: string): Promise<'hardware' | 'id' | null> {
      const rows = await db
        .select({ id: iotDevices.id, uhwid: iotDevices.uniqueHardwareId, deletedAt: iotDevices.deletedAt })
        .from(iotDevices)
        .where(
          or(
            and(eq(iotDevices.uniqueHardwareId, uniqueHardwareId), isNull(iotDevices.deletedAt)),
            eq(iotDevices.id, id),
          ),
        )
        .limit(2);
      if (rows.some((r) => r.uhwid === uniqueHardwareId && r.deletedAt === null)) return 'hardware';
      return rows.length > 0 ? 'id' : null;
    },

    async insert(values: typeof iotDevices.$inferInsert): Promise<DeviceRow> {
      const rows = await db.insert(iotDevices).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: string, changes: DeviceChanges): Promise<void> {
      await db
        .update(iotDevices)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotDevices.id, id));
    },

    async setTags(id: string, tags: Record<string, string>): Promise<void> {
      await db.update(iotDevices).set({ tags, updatedAt: sql`now()` }).where(eq(iotDevices.id, id));
    },

    /** Soft delete; the device leaves the thing it drove. */
    async softDelete(id: string): Promise<void> {
      await db
        .update(iotThings)
        .set({ deviceId: null, updatedAt: sql`now()` })
        .where(eq(iotThings.deviceId, id));
      await db
        .update(iotDevices)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(iotDevices.id, id));
    },

    async hardDelete(id: string): Promise<void> {
      await db.delete(iotDevices).where(eq(iotDevices.id, id));
    },

    async secretHash(deviceId: string): Promise<string | null> {
      const rows = await db
        .select({ hash: iotDeviceSecrets.secretHash })
        .from(iotDeviceSecrets)
        .where(eq(iotDeviceSecrets.deviceId, deviceId))
        .limit(1);
      return rows[0]?.hash ?? null;
    },

    async setSecret(deviceId: string, secretHash: string): Promise<void> {
      await db
        .insert(iotDeviceSecrets)
        .values({ deviceId, secretHash })
        .onConflictDoUpdate({
          target: iotDeviceSecrets.deviceId,
          set: { secretHash, createdAt: sql`now()` },
        });
    },

    async deleteSecret(deviceId: string): Promise<void> {
      await db.delete(iotDeviceSecrets).where(eq(iotDeviceSecrets.deviceId, deviceId));
    },

    async statusEvents(deviceId: string, limit: number, before?: Date) {
      const where = [eq(iotDeviceStatusEvents.deviceId, deviceId)];
      if (before) where.push(lt(iotDeviceStatusEvents.at, before));
      return db
        .select({ at: iotDeviceStatusEvents.at, value: iotDeviceStatusEvents.value })
        .from(iotDeviceStatusEvents)
        .where(and(...where))
        .orderBy(desc(iotDeviceStatusEvents.at))
        .limit(limit);
    },
  };
}
