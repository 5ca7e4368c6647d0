import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { loadOrCreateSecret } from '../../../idp/secrets.ts';
import {
  buildCertificate,
  distinguishedName,
  keyIdentifier,
  pem,
  type SignedCertificate,
  subjectOf,
} from './x509.ts';

const SECRET_NAME = 'iot.device_ca';
const DEVICE_CA_NAME = 'Device CA';
/** Arduino's compressed certificates count validity in whole years, at most 31 (five bits). */
const CERT_VALIDITY_YEARS = 31;

interface DeviceCa {
  certificatePem: string;
  keyId: Buffer;
  /** Signs a device certificate: subject CN = the device id, key from its request. */
  issue(
    deviceId: string,
    spki: Buffer,
  ): Promise<SignedCertificate & { serial: Buffer; notBefore: Date; notAfter: Date }>;
}

/** A random positive 16-byte serial (RFC 5280: at most 20 octets, unpredictable). */
function newSerial(): Buffer {
  const serial = randomBytes(16);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x40;
  return serial;
}

/** Certificates start at the hour, as the compressed form stores no minutes. */
function validity(now = new Date()): { notBefore: Date; notAfter: Date } {
  const notBefore = new Date(now);
  notBefore.setUTCMinutes(0, 0, 0);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERT_VALIDITY_YEARS);
  return { notBefore, notAfter };
}

/**
 * The deployment's device CA: an ECDSA P-256 key and a self-signed certificate made on first use and kept in
 * server_secrets, so every server process signs with the same one and a TLS listener can trust it.
 */
export function createDeviceCa(deps: { db: Database; organization: string }) {
  let loaded: Promise<DeviceCa> | undefined;

  async function load(): Promise<DeviceCa> {
    const stored = await loadOrCreateSecret(deps.db, SECRET_NAME, async () => {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      const spki = publicKey.export({ format: 'der', type: 'spki' });
      const name = distinguishedName(DEVICE_CA_NAME, deps.organization);
      const { notBefore, notAfter } = validity();
      const cert = await buildCertificate({
        serial: newSerial(),
        issuer: name,
        subject: name,
        notBefore,
        notAfter,
        spki,
        authorityKeyId: await keyIdentifier(spki),
        ca: true,
        signer: privateKey,
      });
      return {
        key: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
        certificate: pem('CERTIFICATE', cert.der),
      };
    });
    const key: KeyObject = createPrivateKey(stored.key);
    const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
    const keyId = await keyIdentifier(spki);
    // The CA certificate's own subject, byte for byte: a device certificate's issuer must match it exactly.
    const issuer = subjectOf(stored.certificate);
    return {
      certificatePem: stored.certificate,
      keyId,
      async issue(deviceId, deviceSpki) {
        const serial = newSerial();
        const { notBefore, notAfter } = validity();
        const cert = await buildCertificate({
          serial,
          issuer,
          subject: distinguishedName(deviceId, deps.organization),
          notBefore,
          notAfter,
          spki: deviceSpki,
          authorityKeyId: keyId,
          ca: false,
          signer: key,
        });
        return { ...cert, serial, notBefore, notAfter };
      },
    };
  }

  return {
    get(): Promise<DeviceCa> {
      loaded ??= load().catch((err: unknown) => {
        loaded = undefined;
        throw err;
      });
      return loaded;
    },
  };
}
export type DeviceCaStore = ReturnType<typeof createDeviceCa>;
