import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { loadOrCreateSecret } from '../../../idp/secrets.ts';

const SECRET_NAME = 'iot.ota_url_key';
/** A download link works this long after it was made (the device fetches it at once). */
const OTA_URL_TTL_S = 3600;
export const OTA_DOWNLOAD_PATH = '/ota/v1/binaries';

/**
 * Download links for firmware files: `{public URL}/ota/v1/binaries/{id}?e={expiry}&s={HMAC}`. Devices fetch
 * them without a token, so the signature (a key kept in server_secrets, shared by every process) and the
 * expiry are the whole authorisation.
 */
export function createOtaUrls(deps: { db: Database; publicUrl: string }) {
  let key: Promise<Buffer> | undefined;
  const loadKey = () =>
    (key ??= loadOrCreateSecret(deps.db, SECRET_NAME, async () => ({
      key: randomBytes(32).toString('base64url'),
    }))
      .then((v) => Buffer.from(v.key, 'base64url'))
      .catch((err: unknown) => {
        key = undefined;
        throw err;
      }));

  const mac = (k: Buffer, binaryId: string, expires: number) =>
    createHmac('sha256', k).update(`${binaryId}.${expires}`).digest();

  return {
    async sign(
      binaryId: string,
      ttlS = OTA_URL_TTL_S,
      now = Date.now(),
    ): Promise<{ url: string; expiresAt: Date }> {
      const expires = Math.floor(now / 1000) + ttlS;
      const s = mac(await loadKey(), binaryId, expires).toString('base64url');
      return {
        url: `${deps.publicUrl}${OTA_DOWNLOAD_PATH}/${binaryId}?e=${expires}&s=${s}`,
        expiresAt: new Date(expires * 1000),
      };
    },

    /** 'ok', or why the link does not work. */
    async check(binaryId: string, expires: number, signature: string): Promise<'ok' | 'bad' | 'expired'> {
      const expected = mac(await loadKey(), binaryId, expires);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
      return expires * 1000 < Date.now() ? 'expired' : 'ok';
    },
  };
}
export type OtaUrls = ReturnType<typeof createOtaUrls>;
