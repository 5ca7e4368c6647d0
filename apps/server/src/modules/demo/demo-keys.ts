import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { loadOrCreateSecret } from '../../idp/secrets.ts';

const SECRET_NAME = 'demo.device_keys';

/** A demo device's secret key from the device id alone. */
export type DemoKeyOf = (deviceId: string) => string;

/**
 * Demo device keys are HMAC-SHA256(server secret, device id): the server can give a restarted simulator its key
 * while the database keeps only the key's hash, like any device's. The secret is made on first use and kept in
 * `server_secrets`, so every process and every restart derives the same keys.
 */
export async function loadDemoKeys(db: Database): Promise<DemoKeyOf> {
  const stored = await loadOrCreateSecret(db, SECRET_NAME, async () => ({
    key: randomBytes(32).toString('base64url'),
  }));
  const key = Buffer.from(stored.key, 'base64url');
  // 43 characters of [A-Za-z0-9_-]: a valid device password.
  return (deviceId) => createHmac('sha256', key).update(deviceId).digest('base64url');
}
