import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotDeviceCerts } from '../../../db/schema/index.ts';

export type CertRow = typeof iotDeviceCerts.$inferSelect;
type NewCert = typeof iotDeviceCerts.$inferInsert;
export type CertChanges = Partial<Omit<NewCert, 'id' | 'deviceId' | 'createdAt'>>;

/** The only SQL of device certificates; callers have checked the device's space. */
export function createCertsRepository(db: Database) {
  return {
    list(deviceId: string): Promise<CertRow[]> {
      return db
        .select()
        .from(iotDeviceCerts)
        .where(eq(iotDeviceCerts.deviceId, deviceId))
        .orderBy(asc(iotDeviceCerts.createdAt), asc(iotDeviceCerts.id));
    },

    async count(deviceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(iotDeviceCerts)
        .where(eq(iotDeviceCerts.deviceId, deviceId));
      return row?.n ?? 0;
    },

    async find(deviceId: string, id: string): Promise<CertRow | null> {
      const [row] = await db
        .select()
        .from(iotDeviceCerts)
        .where(and(eq(iotDeviceCerts.deviceId, deviceId), eq(iotDeviceCerts.id, id)))
        .limit(1);
      return row ?? null;
    },

    async insert(cert: NewCert): Promise<CertRow> {
      const [row] = await db.insert(iotDeviceCerts).values(cert).returning();
      if (!row) throw new Error('certificate not stored');
      return row;
    },

    async update(id: string, changes: CertChanges): Promise<CertRow | null> {
      if (Object.keys(changes).length === 0) {
        const [row] = await db.select().from(iotDeviceCerts).where(eq(iotDeviceCerts.id, id));
        return row ?? null;
      }
      const [row] = await db.update(iotDeviceCerts).set(changes).where(eq(iotDeviceCerts.id, id)).returning();
      return row ?? null;
    },

    async remove(id: string): Promise<void> {
      await db.delete(iotDeviceCerts).where(eq(iotDeviceCerts.id, id));
    },

    /** For the TLS listener: an enabled certificate of a live device with this serial. */
    async enabledBySerial(deviceId: string, serialHex: string): Promise<boolean> {
      const [row] = await db
        .select({ id: iotDeviceCerts.id })
        .from(iotDeviceCerts)
        .where(
          and(
            eq(iotDeviceCerts.deviceId, deviceId),
            eq(iotDeviceCerts.serial, serialHex),
            eq(iotDeviceCerts.enabled, true),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
