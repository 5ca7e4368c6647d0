import type { Database } from '../../../db/client.ts';
import { iotLoraDevices } from '../../../db/schema/index.ts';

/** The only SQL for LoRa keys; the device row itself belongs to the devices repository. */
export function createLoraRepository(db: Database) {
  return {
    /** A unique violation (the EUI is taken) surfaces as the driver's error. */
    async insert(values: typeof iotLoraDevices.$inferInsert): Promise<void> {
      await db.insert(iotLoraDevices).values(values);
    },
  };
}
