import { createHash, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@tinkercloud/shared';
import { decodeJwt } from 'jose';
import { burnPasswordCheck, verifyPassword } from '../accounts/password.ts';
import type { ClientTokens } from '../iot/api-clients/client-tokens.ts';
import { isClientToken } from '../iot/api-clients/client-tokens.ts';
import type { CertificateLogin } from '../iot/certs/certificate-logins.ts';
import { coalesceReads } from './coalesced-reads.ts';
import type { ConnectivityRepository, DeviceIdentity } from './connectivity.repository.ts';

/** Who an MQTT connection is, once its CONNECT passed. */
export type ClientIdentity =
  | { kind: 'device'; deviceId: string }
  | {
      kind: 'app';
      userId: string;
      /** The space an API-key token was issued for (it acts there only); null: a My Cloud key; undefined: none. */
      keySpace: string | null | undefined;
      /** The token's `iat` (seconds): a password reset after it ends the connection (identity-provider tokens). */
      issuedAt?: number | undefined;
    };

/** A client certificate the TLS listener verified against the device CA. */
export interface VerifiedCertificate {
  /** The subject CN: the device id. */
  commonName: string;
  /** Lower-case hex, as stored with the certificate. */
  serial: string;
}

/** CONNACK return codes of MQTT 3.1.1 (section 3.2.2.3). */
const CONNACK = { IDENTIFIER_REJECTED: 2, BAD_CREDENTIALS: 4, NOT_AUTHORIZED: 5 } as const;
type RefusalCode = (typeof CONNACK)[keyof typeof CONNACK];

export type AuthResult =
  | {
      ok: true;
      identity: ClientIdentity;
      /** A device's record as the check read it (the session begins with it, rather than reading it again). */
      device?: DeviceIdentity;
    }
  | { ok: false; code: RefusalCode; reason: string };

/**
 * How long a login's read waits for those of other logins to join it. Each login's CONNECT arrives in a turn
 * of the event loop of its own, and PGlite answers a read before the next turn: without a wait, reads hardly
 * ever met (measured: 2,452 device reads for 3,000 certificate logins; with 10 ms, 204, and 174 → 345
 * connects/s). A board's login takes hundreds of milliseconds over TLS anyway.
 */
const LOGIN_READ_WAIT_MS = 10;

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Checks MQTT credentials. A device: username = its id, password = its secret key (checked against the stored
 * scrypt hash; a reconnect with the same key skips the slow hash through a SHA-256 remembered in memory).
 * An application: username = user id, password = an access token (identity provider or client credentials).
 * The client id must be the device id (so one device cannot push another off), or start with the user id.
 */
export function createClientAuth(deps: {
  repo: ConnectivityRepository;
  tokens: ClientTokens;
  /** The user of an identity-provider access token; throws when the token is not valid (or its account changed). */
  userOfAccessToken: (token: string) => Promise<string>;
  /** Whether the account of an API-key token still exists (see the accounts module); absent: not checked. */
  tokenAccepted?: (userId: string, issuedAt: unknown, opts: { apiKey: true }) => Promise<boolean>;
  /** Which of these certificates (device and serial) are their device's, enabled. */
  enabledCertificates?: (logins: CertificateLogin[]) => Promise<CertificateLogin[]>;
}) {
  const remembered = new Map<string, { secretHash: string; digest: Buffer }>();
  // The devices (and certificates) of the logins of one moment are read in one statement each: PGlite runs
  // one query at a time, so a fleet's thousand logins would otherwise queue a thousand reads.
  const readDevice = coalesceReads((ids) => deps.repo.devices(ids), { waitMs: LOGIN_READ_WAIT_MS });
  const enabledCertificates = deps.enabledCertificates;
  const certificateKey = (l: CertificateLogin) => `${l.deviceId} ${l.serial}`;
  const readCertificate = enabledCertificates
    ? coalesceReads(
        async (keys) => {
          const logins = keys.map((key) => {
            const [deviceId = '', serial = ''] = key.split(' ');
            return { deviceId, serial };
          });
          return new Map((await enabledCertificates(logins)).map((l) => [certificateKey(l), true]));
        },
        { waitMs: LOGIN_READ_WAIT_MS },
      )
    : null;

  async function device(clientId: string, deviceId: string, password: string): Promise<AuthResult> {
    const refused = (reason: string): AuthResult => ({ ok: false, code: CONNACK.BAD_CREDENTIALS, reason });
    const row = await readDevice(deviceId);
    if (!row || row.deleted || !row.secretHash) {
      await burnPasswordCheck(password);
      return refused(row ? 'device without a secret key, or deleted' : 'unknown device');
    }
    const digest = sha256(password);
    const known = remembered.get(deviceId);
    const matches =
      known && known.secretHash === row.secretHash
        ? timingSafeEqual(known.digest, digest)
        : await verifyPassword(password, row.secretHash);
    if (!matches) return refused('wrong secret key');
    if (remembered.size > 50_000) remembered.clear();
    remembered.set(deviceId, { secretHash: row.secretHash, digest });
    if (clientId.toLowerCase() !== deviceId) {
      return { ok: false, code: CONNACK.IDENTIFIER_REJECTED, reason: 'client id must be the device id' };
    }
    return { ok: true, identity: { kind: 'device', deviceId }, device: row };
  }

  async function application(clientId: string, username: string, token: string): Promise<AuthResult> {
    let identity: ClientIdentity | null = null;
    if (isClientToken(token)) {
      const ok = await deps.tokens.verify(token);
      const accepted =
        ok && (!deps.tokenAccepted || (await deps.tokenAccepted(ok.userId, 0, { apiKey: true })));
      if (ok && accepted) identity = { kind: 'app', userId: ok.userId, keySpace: ok.organizationId };
    } else {
      try {
        const userId = await deps.userOfAccessToken(token);
        const { iat } = decodeJwt(token);
        identity = { kind: 'app', userId, keySpace: undefined, issuedAt: typeof iat === 'number' ? iat : 0 };
      } catch {
        identity = null;
      }
    }
    if (!identity || identity.userId !== username) {
      return { ok: false, code: CONNACK.BAD_CREDENTIALS, reason: 'invalid access token' };
    }
    if (!clientId.toLowerCase().startsWith(identity.userId)) {
      return {
        ok: false,
        code: CONNACK.IDENTIFIER_REJECTED,
        reason: 'client id must start with the user id',
      };
    }
    return { ok: true, identity };
  }

  /** A device by its certificate (compat §2.1: certificate boards, CN = device id); user name and password unused. */
  async function byCertificate(clientId: string, cert: VerifiedCertificate): Promise<AuthResult> {
    const refused = (reason: string): AuthResult => ({ ok: false, code: CONNACK.BAD_CREDENTIALS, reason });
    const deviceId = cert.commonName.toLowerCase();
    if (!isUuid(deviceId) || !readCertificate) return refused('certificate of no device');
    // Both reads join those of the other logins of this moment, and go together.
    const [row, enabled] = await Promise.all([
      readDevice(deviceId),
      readCertificate(certificateKey({ deviceId, serial: cert.serial })),
    ]);
    if (!row || row.deleted) return refused('unknown or deleted device');
    if (!enabled) return refused('certificate removed or disabled');
    if (clientId.toLowerCase() !== deviceId) {
      return { ok: false, code: CONNACK.IDENTIFIER_REJECTED, reason: 'client id must be the device id' };
    }
    return { ok: true, identity: { kind: 'device', deviceId }, device: row };
  }

  return {
    async authenticate(
      clientId: string,
      username: string | undefined,
      password: string | undefined,
      certificate?: VerifiedCertificate,
    ) {
      if (certificate) return byCertificate(clientId, certificate);
      if (!username || !password) {
        return { ok: false, code: CONNACK.NOT_AUTHORIZED, reason: 'no credentials' } satisfies AuthResult;
      }
      if (!isUuid(username)) {
        return { ok: false, code: CONNACK.BAD_CREDENTIALS, reason: 'unknown user name' } satisfies AuthResult;
      }
      const id = username.toLowerCase();
      return JWT_SHAPE.test(password) ? application(clientId, id, password) : device(clientId, id, password);
    },

    /** Forget what was remembered of a device's key (it changed, or the device is gone). */
    forget(deviceId: string) {
      remembered.delete(deviceId);
    },
  };
}
export type ClientAuth = ReturnType<typeof createClientAuth>;
