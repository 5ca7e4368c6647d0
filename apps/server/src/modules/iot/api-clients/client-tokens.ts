import { randomBytes } from 'node:crypto';
import { UPSTREAM_USER_ID_CLAIM } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../../db/client.ts';
import { serverSecrets } from '../../../db/schema/index.ts';
import { createApiClientsRepository } from './api-clients.repository.ts';

const USER_ID_CLAIM = UPSTREAM_USER_ID_CLAIM;
const ORGANIZATION_CLAIM = 'http://arduino.cc/organization_id';
/** Upstream tokens last about five minutes; the clients fetch a new one when it runs out. */
const CLIENT_TOKEN_TTL_S = 300;
const KEY_NAME = 'iot.client_token_key';
/** The `kid` of our tokens' header: how the API and the broker tell them from the identity provider's. */
const CLIENT_TOKEN_KID = 'iot-client';
/** How long a verified API key is trusted before its row is read again (revocation delay). */
const REVOCATION_CHECK_MS = 5_000;

/** A token of the client-credentials flow (else, presumably, one of the identity provider). */
export function isClientToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).kid === CLIENT_TOKEN_KID;
  } catch {
    return false;
  }
}

interface VerifiedClientToken {
  userId: string;
  clientId: string;
  organizationId: string | null;
  claims: Record<string, unknown>;
}

/**
 * Signs and checks the JWTs of the client-credentials flow with an HMAC key kept in the database (created on
 * first use, so every server process shares it). A token stops working soon after its API key is deleted.
 */
export function createClientTokens(deps: { db: Database; issuer: string }) {
  const repo = createApiClientsRepository(deps.db);
  let key: Promise<Uint8Array> | undefined;
  const loadKey = () =>
    (key ??= (async () => {
      const read = async () =>
        (await deps.db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME)).limit(1))[0];
      if (!(await read())) {
        await deps.db
          .insert(serverSecrets)
          .values({ name: KEY_NAME, value: { key: randomBytes(32).toString('base64url') } })
          .onConflictDoNothing({ target: serverSecrets.name });
      }
      const row = await read();
      const value = row?.value as { key?: string } | undefined;
      if (!value?.key) throw new Error('the API token key could not be stored');
      return new Uint8Array(Buffer.from(value.key, 'base64url'));
    })().catch((err) => {
      key = undefined;
      throw err;
    }));
  /** API keys checked lately: until when each is trusted, and its user. */
  const live = new Map<string, { until: number; userId: string }>();

  return {
    async sign(input: { userId: string; clientId: string; organizationId: string | null }) {
      const claims: Record<string, unknown> = { [USER_ID_CLAIM]: input.userId, client_id: input.clientId };
      if (input.organizationId) claims[ORGANIZATION_CLAIM] = input.organizationId;
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: CLIENT_TOKEN_KID, typ: 'JWT' })
        .setIssuer(deps.issuer)
        .setAudience(deps.issuer)
        .setSubject(input.userId)
        .setIssuedAt()
        .setExpirationTime(`${CLIENT_TOKEN_TTL_S}s`)
        .sign(await loadKey());
      return { access_token: token, expires_in: CLIENT_TOKEN_TTL_S, token_type: 'Bearer' as const };
    },

    async verify(token: string): Promise<VerifiedClientToken | null> {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, await loadKey(), {
          issuer: deps.issuer,
          audience: deps.issuer,
          algorithms: ['HS256'],
          clockTolerance: 5,
        }));
      } catch {
        return null;
      }
      const userId = payload.sub;
      const clientId = payload.client_id;
      const org = payload[ORGANIZATION_CLAIM];
      if (typeof userId !== 'string' || typeof clientId !== 'string') return null;
      const checked = live.get(clientId);
      if (checked === undefined || checked.until < Date.now()) {
        const row = await repo.findByClientId(clientId);
        if (!row || row.ownerUserId !== userId) {
          live.delete(clientId);
          return null;
        }
        if (live.size > 10_000) live.clear();
        live.set(clientId, { until: Date.now() + REVOCATION_CHECK_MS, userId });
      }
      return { userId, clientId, organizationId: typeof org === 'string' ? org : null, claims: payload };
    },

    /** Forget a revoked key at once in this process. */
    forget(clientId: string) {
      live.delete(clientId);
    },

    /** Forget every key of a user at once in this process (they were deleted together). */
    forgetUser(userId: string) {
      for (const [clientId, entry] of live) if (entry.userId === userId) live.delete(clientId);
    },
  };
}
export type ClientTokens = ReturnType<typeof createClientTokens>;
