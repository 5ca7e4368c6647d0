import type { Database } from '../../../db/client.ts';
import { createCertsRepository } from './certs.repository.ts';

/**
 * For the broker: whether the client certificate with this serial is one of the device's, and enabled (a
 * certificate login, modules/connectivity/client-auth.ts).
 */
export function certificateLoginCheck(db: Database): (deviceId: string, serial: string) => Promise<boolean> {
  const certs = createCertsRepository(db);
  return (deviceId, serial) => certs.enabledBySerial(deviceId, serial);
}
