import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { iotApiClients } from '../db/schema/index.ts';
import { browser, createIdpHarness, pkcePair, redeemCode, requestTokens } from './testing/harness.ts';

const ORIGIN = 'http://test.local';
const REDIRECT = `${ORIGIN}/`;

const h = await createIdpHarness();
afterAll(() => h.close());

const tokenRequest = (form: Record<string, string>) => requestTokens(h, form);

/** The whole sign-in (authorize → our form → code → tokens) with a login and password. */
async function signIn(login: string, password: string) {
  const b = browser(h.app, ORIGIN);
  const { verifier, challenge } = pkcePair();
  const q = new URLSearchParams({
    client_id: h.config.oidc.clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid profile email offline_access',
    state: 's',
    nonce: 'n',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const uid = b
    .location(await b.get(`/auth/authorize?${q}`))
    .split('/')
    .pop() as string;
  const ok = await b.post(`/auth/interaction/${uid}/login`, { login, password });
  expect(ok.statusCode).toBe(303);
  const back = new URL(b.location(await b.get(b.location(ok))));
  const tokens = await redeemCode(h, back.searchParams.get('code') as string, verifier, REDIRECT);
  expect(tokens.status).toBe(200);
  return { access: String(tokens.body.access_token), refresh: String(tokens.body.refresh_token) };
}

/** The API's check of an access token against its account (what every API call runs). */
function accepted(accessToken: string) {
  const { sub, iat } = decodeJwt(accessToken);
  return h.accounts.tokenAccepted(String(sub), iat);
}

describe('password reset through the pages', () => {
  it('ends the old access and refresh tokens, deletes API keys when ticked, and a new sign-in works', async () => {
    const user = await h.accounts.register({
      email: 'reset@example.com',
      username: 'resetter',
      password: 'old password 1',
      isMinor: false,
    });
    await h.database.db
      .insert(iotApiClients)
      .values({ ownerUserId: user.id, clientId: 'k'.repeat(32), secretHash: '0'.repeat(64), name: 'script' });
    const old = await signIn('resetter', 'old password 1');
    expect(await accepted(old.access)).toBe(true);
    // A token's iat has whole seconds and one issued in the second of the reset counts: start the next one.
    await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));

    const b = browser(h.app, ORIGIN);
    await b.post('/auth/forgot-password', { email: 'reset@example.com' });
    const link = /\/auth\/reset-password\?token=([\w-]+)/.exec(h.mails.at(-1)?.text ?? '');
    expect(link).toBeTruthy();
    const page = await b.get(link?.[0] as string);
    expect(page.body).toContain('name="revoke_api_keys"');
    expect(page.body).toContain('Also delete my API keys');
    const saved = await b.post('/auth/reset-password', {
      token: link?.[1] as string,
      password: 'new password 2',
      confirm: 'new password 2',
      revoke_api_keys: 'yes',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Password changed');

    expect(await accepted(old.access)).toBe(false);
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: old.refresh });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    expect(await h.database.db.select().from(iotApiClients)).toEqual([]);

    const fresh = await signIn('resetter', 'new password 2');
    expect(await accepted(fresh.access)).toBe(true);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: fresh.refresh })).status).toBe(
      200,
    );
  });
});
