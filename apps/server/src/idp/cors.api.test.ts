import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdpHarness, type IdpHarness } from './testing/harness.ts';

const APP = 'http://test.local';
const BRANDED = 'http://acme.test.local';
const EVIL = 'https://evil.example';

let h: IdpHarness;
beforeAll(async () => {
  h = await createIdpHarness(undefined, { redirectUris: [`${APP}/`, `${BRANDED}/`] });
});
afterAll(async () => {
  await h?.close();
});

const preflight = (url: string, origin: string) =>
  h.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      host: 'test.local',
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });

/** A token request the provider refuses (an unknown code): an error answer. */
const badTokenRequest = (origin: string) =>
  h.app.inject({
    method: 'POST',
    url: '/auth/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'test.local', origin },
    payload: new URLSearchParams({
      client_id: h.config.oidc.clientId,
      grant_type: 'authorization_code',
      code: 'no-such-code',
      code_verifier: 'v'.repeat(43),
      redirect_uri: `${APP}/`,
    }).toString(),
  });

const badUserinfo = (origin: string) =>
  h.app.inject({
    url: '/auth/userinfo',
    headers: { host: 'test.local', origin, authorization: 'Bearer not-a-token' },
  });

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS of the identity provider', () => {
  it('answers preflights and errors of token and userinfo with no CORS headers for a foreign origin', async () => {
    for (const url of ['/auth/oauth/token', '/auth/userinfo']) {
      const res = await preflight(url, EVIL);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(corsHeaders(res.headers), url).toEqual([]);
    }
    const token = await badTokenRequest(EVIL);
    expect(token.statusCode).toBe(400);
    expect(token.headers['access-control-allow-origin']).toBeUndefined();
    const userinfo = await badUserinfo(EVIL);
    expect(userinfo.statusCode).toBe(401);
    expect(userinfo.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("keeps CORS for the app's own origin and a branded deployment's", async () => {
    for (const origin of [APP, BRANDED]) {
      for (const url of ['/auth/oauth/token', '/auth/userinfo']) {
        const res = await preflight(url, origin);
        expect(res.statusCode, `${origin} ${url}`).toBe(204);
        expect(res.headers['access-control-allow-origin'], `${origin} ${url}`).toBe(origin);
        expect(res.headers['access-control-allow-methods']).toContain('POST');
      }
      const token = await badTokenRequest(origin);
      expect(token.statusCode).toBe(400);
      expect(token.json().error).toBe('invalid_grant');
      expect(token.headers['access-control-allow-origin']).toBe(origin);
      expect((await badUserinfo(origin)).headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('leaves discovery and the public keys readable from anywhere', async () => {
    for (const url of ['/auth/.well-known/openid-configuration', '/auth/.well-known/jwks.json']) {
      const res = await h.app.inject({ url, headers: { host: 'test.local', origin: EVIL } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe(EVIL);
    }
  });
});
