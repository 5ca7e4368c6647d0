import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';

const SIGNING_KEYS = 'oidc.signing_keys';
const COOKIE_KEYS = 'oidc.cookie_keys';

/** Private JWK members of an RSA key; never published. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

interface IdpSecrets {
  /** Private signing keys, the first one signs; all are published. */
  signingKeys: JWK[];
  cookieKeys: string[];
}

/**
 * Reads a secret, creating it on first start. Several processes starting at once all insert "if absent" and
 * then read back the row that won, so they agree on one value.
 */
export async function loadOrCreateSecret<T>(
  db: Database,
  name: string,
  create: () => Promise<T>,
): Promise<T> {
  const read = async () =>
    (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1))[0];
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insert(serverSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing({ target: serverSecrets.name });
  const stored = await read();
  if (!stored) throw new Error(`server secret ${name} could not be stored`);
  return stored.value as T;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

export async function loadIdpSecrets(db: Database): Promise<IdpSecrets> {
  const signing = await loadOrCreateSecret(db, SIGNING_KEYS, async () => ({ keys: [await newSigningKey()] }));
  const cookies = await loadOrCreateSecret(db, COOKIE_KEYS, async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  return { signingKeys: signing.keys, cookieKeys: cookies.keys };
}

/** The public half of the signing keys, for the JWKS endpoint and for local API token checks. */
export function publicJwks(signingKeys: JWK[]): { keys: JWK[] } {
  return {
    keys: signingKeys.map((key) => {
      const pub: JWK = { ...key };
      for (const member of PRIVATE_MEMBERS) delete (pub as Record<string, unknown>)[member];
      return pub;
    }),
  };
}
