import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createOidcAdapter, purgeExpiredOidcPayloads } from './oidc-adapter.ts';
import { loadIdpSecrets, publicJwks } from './secrets.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('PostgreSQL adapter for oidc-provider', () => {
  it('round-trips payloads and finds them by uid and user code', async () => {
    const sessions = createOidcAdapter(database.db)('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1', exp: 123 }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1', exp: 123 });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a1', exp: 123 });
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect((await sessions.find('s1'))?.accountId).toBe('a2');

    const codes = createOidcAdapter(database.db)('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g0' }, 60);
    expect((await codes.findByUserCode('ABCD-EFGH'))?.grantId).toBe('g0');
    // Models are separate namespaces.
    expect(await createOidcAdapter(database.db)('AccessToken').find('s1')).toBeUndefined();
  });

  it('marks consumed tokens and destroys them', async () => {
    const codes = createOidcAdapter(database.db)('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    const consumed = await codes.find('c1');
    expect(typeof consumed?.consumed).toBe('number');
    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
  });

  it('revokes everything of one grant in its model', async () => {
    const factory = createOidcAdapter(database.db);
    const rts = factory('RefreshToken');
    const ats = factory('AccessToken');
    await rts.upsert('r1', { grantId: 'g2' }, 60);
    await rts.upsert('r2', { grantId: 'g2' }, 60);
    await rts.upsert('r3', { grantId: 'g3' }, 60);
    await ats.upsert('a1', { grantId: 'g2' }, 60);
    await rts.revokeByGrantId('g2');
    expect(await rts.find('r1')).toBeUndefined();
    expect(await rts.find('r2')).toBeUndefined();
    expect(await rts.find('r3')).toBeDefined();
    expect(await ats.find('a1')).toBeDefined();
  });

  it('honours expiresIn and cleans expired rows', async () => {
    const grants = createOidcAdapter(database.db)('Grant');
    await grants.upsert('old', { accountId: 'x' }, 60);
    await grants.upsert('forever', { accountId: 'y' });
    await database.db.execute(
      sql`update oidc_payloads set expires_at = now() - interval '1 second' where id = 'old'`,
    );
    expect(await grants.find('old')).toBeUndefined();
    expect(await grants.find('forever')).toBeDefined();
    expect(await purgeExpiredOidcPayloads(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db.execute(
      sql`select count(*)::int as n from oidc_payloads where id = 'old'`,
    );
    expect(JSON.stringify(left)).toContain('"n":0');
  });
});

describe('identity provider secrets', () => {
  it('creates an RS256 key and cookie keys once and reuses them', async () => {
    const first = await loadIdpSecrets(database.db);
    const second = await loadIdpSecrets(database.db);
    expect(second).toEqual(first);
    expect(first.signingKeys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.cookieKeys[0]?.length).toBeGreaterThanOrEqual(32);
    const pub = publicJwks(first.signingKeys).keys[0];
    expect(pub?.kid).toBe(first.signingKeys[0]?.kid);
    expect(pub).not.toHaveProperty('d');
    expect(pub).not.toHaveProperty('p');
  });
});
