import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { resetTokenFor } from '../accounts/reset-token.fixture.ts';
import { closed, mqttFixtures } from './testing/mqtt-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  // Account state read on every check (no cache), so the periodic re-check sees a change made elsewhere.
  t = await createTestApp({}, { broker: true, tokenCheckTtlMs: 0 });
  f = mqttFixtures(t);
});
afterEach(() => f?.closeAll());
afterAll(() => t?.close());

const earlier = (userId: string) => t.tokenFor(userId, { issuedAt: new Date(Date.now() - 5_000) });
const login = (userId: string, password: string) => ({ clientId: userId, username: userId, password });

describe('MQTT applications when the account changes', () => {
  it('a password reset disconnects the applications and refuses their old token; a new one logs in', async () => {
    const user = await t.createUser();
    const old = await earlier(user.id);
    const app = await f.connect(login(user.id, old));
    const gone = closed(app);

    await t.accounts.resetPassword(await resetTokenFor(t.db, user.id), 'a brand new password');

    await gone;
    expect(await f.refusal(login(user.id, old))).toBe(4);
    expect((await f.connect(login(user.id, await t.tokenFor(user.id)))).connected).toBe(true);
  });

  it('the periodic re-check ends an application whose password was reset by another process', async () => {
    const user = await t.createUser();
    const app = await f.connect(login(user.id, await earlier(user.id)));
    const embedded = t.connectivity;
    if (embedded?.mode !== 'embedded') throw new Error('embedded broker expected');
    await embedded.recheckApplications();
    expect(app.connected).toBe(true);

    // What a reset elsewhere leaves behind: only the shared row changed, no one told this process.
    const gone = closed(app);
    await t.db.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, user.id));
    await embedded.recheckApplications();
    await gone;
  });

  it('a deleted account loses its applications, identity-provider and API-key logins alike', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const token = await t.tokenFor(user.id);
    const key = await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'mqtt' });
    const { client_id, client_secret } = key.json();
    const issued = await t.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
    const keyToken = issued.json().access_token as string;
    const app = await f.connect(login(user.id, token));
    const scripted = await f.connect({ ...login(user.id, keyToken), clientId: `${user.id}-script` });
    const ends = [closed(app), closed(scripted)];

    await t.accounts.deleteOwnAccount(user.id, { password: 'correct horse battery' });

    await Promise.all(ends);
    expect(await f.refusal(login(user.id, token))).toBe(4);
    expect(await f.refusal({ ...login(user.id, keyToken), clientId: `${user.id}-script` })).toBe(4);
  });
});
