import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { lockForTransaction } from '../../../db/locks.ts';
import {
  iotDeviceFirmware,
  iotDevices,
  iotOtaBinaries,
  iotOtaStates,
  iotOtaUpdates,
  type OtaStatus,
} from '../../../db/schema/index.ts';
import { rowsOf } from '../../../db/sql-results.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type OtaRow = typeof iotOtaUpdates.$inferSelect;
/** An update with its file's size and hash. */
export type OtaListRow = OtaRow & { key: string | null };
export type OtaStateRow = typeof iotOtaStates.$inferSelect;
export type BinaryInfo = Omit<typeof iotOtaBinaries.$inferSelect, 'content'>;

/** Statuses after which nothing changes. */
const FINAL_STATUSES: readonly OtaStatus[] = ['succeeded', 'failed', 'cancelled'];
const ACTIVE: OtaStatus[] = ['pending', 'in_progress'];

const binaryInfo = {
  id: iotOtaBinaries.id,
  key: iotOtaBinaries.key,
  deviceId: iotOtaBinaries.deviceId,
  sha256: iotOtaBinaries.sha256,
  size: iotOtaBinaries.size,
  createdAt: iotOtaBinaries.createdAt,
};

/** The only SQL of OTA updates. Callers have checked the device's space unless a method says otherwise. */
export function createOtaRepository(db: Database) {
  return {
    /** Serialises OTA creation per device (call inside a transaction). */
    async lockDevice(tx: Database, deviceId: string) {
      await lockForTransaction(tx, `iot-ota:${deviceId}`);
    },

    async insertBinary(
      tx: Database,
      b: { key: string; deviceId: string; content: Buffer; sha256: string; id: string },
    ): Promise<BinaryInfo> {
      const [row] = await tx
        .insert(iotOtaBinaries)
        .values({ ...b, size: b.content.length })
        .returning(binaryInfo);
      if (!row) throw new Error('binary not stored');
      return row;
    },

    /**
     * Keeps the device's newest `keep` files and those of its unfinished updates; older ones go (their
     * updates keep hash and size, without a file).
     */
    async pruneBinaries(tx: Database, deviceId: string, keep: number) {
      await tx.execute(sql`
        delete from ${iotOtaBinaries} b
        where b.device_id = ${deviceId}
          and b.id not in (select id from ${iotOtaBinaries} where device_id = ${deviceId} order by created_at desc, id desc limit ${keep})
          and b.id not in (select binary_id from ${iotOtaUpdates} where device_id = ${deviceId} and binary_id is not null and status in ('pending', 'in_progress'))`);
    },

    /** A binary by key or hash, uploaded for a device of this space. */
    async findBinary(
      space: IotSpace,
      by: { key?: string; sha256?: string; deviceId?: string },
    ): Promise<BinaryInfo | null> {
      const where = [inSpace(iotDevices, space)];
      if (by.key) where.push(eq(iotOtaBinaries.key, by.key));
      if (by.sha256) where.push(eq(iotOtaBinaries.sha256, by.sha256));
      if (by.deviceId) where.push(eq(iotOtaBinaries.deviceId, by.deviceId));
      const [row] = await db
        .select(binaryInfo)
        .from(iotOtaBinaries)
        .innerJoin(iotDevices, eq(iotDevices.id, iotOtaBinaries.deviceId))
        .where(and(...where))
        .orderBy(desc(iotOtaBinaries.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The file, for the signed download URL (no space: the signature is the authorisation). */
    async binaryContent(id: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ content: iotOtaBinaries.content })
        .from(iotOtaBinaries)
        .where(eq(iotOtaBinaries.id, id))
        .limit(1);
      return row?.content ?? null;
    },

    async binary(id: string): Promise<BinaryInfo | null> {
      const [row] = await db
        .select(binaryInfo)
        .from(iotOtaBinaries)
        .where(eq(iotOtaBinaries.id, id))
        .limit(1);
      return row ?? null;
    },

    async insertOta(
      tx: Database,
      o: {
        deviceId: string;
        binaryId: string;
        sha256: string;
        firmwareSize: number;
        expiresAt: Date;
        maxRetries: number;
      },
    ): Promise<OtaRow> {
      const [row] = await tx.insert(iotOtaUpdates).values(o).returning();
      if (!row) throw new Error('OTA not stored');
      await tx.insert(iotOtaStates).values({ otaId: row.id, state: 'pending' });
      return row;
    },

    /** The device's unfinished update, if any. */
    async active(deviceId: string, tx: Database = db): Promise<OtaRow | null> {
      const [row] = await tx
        .select()
        .from(iotOtaUpdates)
        .where(and(eq(iotOtaUpdates.deviceId, deviceId), inArray(iotOtaUpdates.status, ACTIVE)))
        .orderBy(desc(iotOtaUpdates.startedAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Ends what can no longer complete: pending updates past their expiry, and updates in progress whose
     * device has reported nothing for `silentMs`.
     */
    async expireStale(deviceId: string, silentMs: number) {
      const now = new Date();
      await db
        .update(iotOtaUpdates)
        .set({ status: 'failed', errorReason: 'The device did not take the update in time.', endedAt: now })
        .where(
          and(
            eq(iotOtaUpdates.deviceId, deviceId),
            eq(iotOtaUpdates.status, 'pending'),
            lt(iotOtaUpdates.expiresAt, now),
          ),
        );
      const silentSince = new Date(now.getTime() - silentMs);
      await db.execute(sql`
        update ${iotOtaUpdates} o set status = 'failed', error_reason = 'The device stopped reporting.', ended_at = ${now.toISOString()}::timestamptz
        where o.device_id = ${deviceId} and o.status = 'in_progress'
          and coalesce((select max(s.at) from ${iotOtaStates} s where s.ota_id = o.id), o.started_at) < ${silentSince.toISOString()}::timestamptz`);
    },

    async find(space: IotSpace, otaId: string): Promise<OtaListRow | null> {
      const [row] = await db
        .select({ ota: iotOtaUpdates, key: iotOtaBinaries.key })
        .from(iotOtaUpdates)
        .innerJoin(iotDevices, eq(iotDevices.id, iotOtaUpdates.deviceId))
        // The file may be gone (pruned); the update stays.
        .leftJoin(iotOtaBinaries, eq(iotOtaBinaries.id, iotOtaUpdates.binaryId))
        .where(and(eq(iotOtaUpdates.id, otaId), inSpace(iotDevices, space)))
        .limit(1);
      return row ? { ...row.ota, key: row.key } : null;
    },

    /** For the device side: the update only if it is this device's. */
    async findForDevice(deviceId: string, otaId: string): Promise<OtaRow | null> {
      const [row] = await db
        .select()
        .from(iotOtaUpdates)
        .where(and(eq(iotOtaUpdates.id, otaId), eq(iotOtaUpdates.deviceId, deviceId)))
        .limit(1);
      return row ?? null;
    },

    list(deviceId: string, limit: number, order: 'asc' | 'desc'): Promise<OtaListRow[]> {
      const dir = order === 'asc' ? asc : desc;
      return (
        db
          .select({ ota: iotOtaUpdates, key: iotOtaBinaries.key })
          .from(iotOtaUpdates)
          // The file may be gone (pruned); the update stays.
          .leftJoin(iotOtaBinaries, eq(iotOtaBinaries.id, iotOtaUpdates.binaryId))
          .where(eq(iotOtaUpdates.deviceId, deviceId))
          .orderBy(dir(iotOtaUpdates.startedAt), dir(iotOtaUpdates.id))
          .limit(limit)
          .then((rows) => rows.map((r) => ({ ...r.ota, key: r.key })))
      );
    },

    states(otaId: string): Promise<OtaStateRow[]> {
      return db
        .select()
        .from(iotOtaStates)
        .where(eq(iotOtaStates.otaId, otaId))
        .orderBy(asc(iotOtaStates.id));
    },

    async addState(otaId: string, state: string, stateData: string | null, at = new Date()) {
      await db.insert(iotOtaStates).values({ otaId, state, stateData, at });
    },

    /** Moves an unfinished update on; false when it had already ended. */
    async setStatus(otaId: string, status: OtaStatus, opts: { errorReason?: string } = {}): Promise<boolean> {
      const final = FINAL_STATUSES.includes(status);
      const rows = await db
        .update(iotOtaUpdates)
        .set({
          status,
          ...(final && { endedAt: new Date() }),
          ...(opts.errorReason && { errorReason: opts.errorReason }),
        })
        .where(and(eq(iotOtaUpdates.id, otaId), inArray(iotOtaUpdates.status, ACTIVE)))
        .returning({ id: iotOtaUpdates.id });
      return rows.length > 0;
    },

    /** Records that the update was (again) sent to the device, with the firmware it ran then. */
    async markSent(ota: OtaRow, initialSha256: string) {
      await db
        .update(iotOtaUpdates)
        .set({
          sentAt: new Date(),
          initialSha256,
          retryAttempt: ota.sentAt ? ota.retryAttempt + 1 : ota.retryAttempt,
        })
        .where(eq(iotOtaUpdates.id, ota.id));
    },

    async firmware(deviceId: string): Promise<string | null> {
      const [row] = await db
        .select({ sha256: iotDeviceFirmware.sha256 })
        .from(iotDeviceFirmware)
        .where(eq(iotDeviceFirmware.deviceId, deviceId))
        .limit(1);
      return row?.sha256 ?? null;
    },

    /** The running firmware's hash, as the device reported it (a device deleted meanwhile is skipped). */
    async setFirmware(deviceId: string, sha256: string) {
      const rows = await rowsOf<{ device_id: string }>(
        db,
        sql`
          insert into ${iotDeviceFirmware} (device_id, sha256, reported_at)
          select ${deviceId}::uuid, ${sha256}, now() where exists (select 1 from ${iotDevices} where id = ${deviceId}::uuid)
          on conflict (device_id) do update set sha256 = excluded.sha256, reported_at = excluded.reported_at
          returning device_id`,
      );
      return rows.length > 0;
    },
  };
}
