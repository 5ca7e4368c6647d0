import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { browser, pkcePair } from '../src/idp/testing/harness.ts';
import { DEMO_ACCOUNT } from '../src/seed/demo-data.ts';
import { createServer, type RunningServer } from '../src/server.ts';
import { createTestApp, type TestApp } from './app.ts';
import { freePort } from './free-port.ts';

// Our own embedded provider, listening on a real port, plays "any external OpenID Connect provider": the
// app under test only gets its issuer URL and audience and must discover keys and userinfo over HTTP.
let provider: RunningServer;
let origin: string;
let api: TestApp;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    // The embedded database has no directory here: no generated certificates either.
    TLS: 'off',
  });
  provider = await createServer(config, pino({ level: 'silent' }));
  await provider.app.listen({ port, host: '127.0.0.1' });
  api = await createTestApp({ OIDC_ISSUER: `${origin}/auth`, OIDC_AUDIENCE: `${origin}/api` });
});
afterAll(async () => {
  await api?.close();
  await provider?.close();
});

/** Signs the demo account in at the provider and returns its access token. */
async function accessTokenFromProvider() {
  const b = browser(provider.app, origin);
  const { verifier, challenge } = pkcePair();
  const q = new URLSearchParams({
    client_id: 'tinkercloud-web',
    response_type: 'code',
    redirect_uri: `${origin}/`,
    scope: 'openid profile email',
    state: 's',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = await b.get(`/auth/authorize?${q}`);
  const uid = b.location(start).split('/').pop() as string;
  const login = await b.post(`/auth/interaction/${uid}/login`, {
    login: DEMO_ACCOUNT.username,
    password: DEMO_ACCOUNT.password,
  });
  const back = await b.get(b.location(login));
  const code = new URL(b.location(back)).searchParams.get('code') as string;
  const res = await fetch(`${origin}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'tinkercloud-web',
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${origin}/`,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('an external OpenID Connect provider', () => {
  it('turns the embedded provider off', async () => {
    expect(api.config.oidc.embedded).toBe(false);
    expect((await api.app.inject('/auth/.well-known/openid-configuration')).statusCode).toBe(404);
    expect((await api.app.inject('/dev/outbox')).statusCode).not.toBe(200);
  });

  it("accepts the provider's JWTs through its JWKS and creates the user from its userinfo", async () => {
    const token = await accessTokenFromProvider();
    const headers = { authorization: `Bearer ${token}` };
    const first = await api.app.inject({ url: '/users/v1/users/byID/me?scopes=private', headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      name: DEMO_ACCOUNT.name,
      private: { email: DEMO_ACCOUNT.email, email_verified: true },
    });
    // The same subject maps to the same local user on later calls.
    const again = await api.app.inject({ url: '/users/v1/users/byID/me', headers });
    expect(again.json().id).toBe(first.json().id);
  });

  it("lets the browser reach the provider's origin (CSP connect-src, and frame-src for the session check)", async () => {
    const csp = String((await api.app.inject('/healthz')).headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${origin.replace(/[.]/g, '\\.')}(;|$)`));
    expect(csp).toMatch(new RegExp(`frame-src 'self' ${origin.replace(/[.]/g, '\\.')}(;|$)`));
  });

  it('refuses a provider whose discovery document names another issuer', async () => {
    // Same server reached under another name: its discovery document still says 127.0.0.1.
    const other = await createTestApp({
      OIDC_ISSUER: `${origin.replace('127.0.0.1', 'localhost')}/auth`,
      OIDC_AUDIENCE: `${origin}/api`,
    });
    try {
      const token = await accessTokenFromProvider();
      const res = await other.app.inject({
        url: '/users/v1/users/settings',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('rejects tokens the provider did not sign', async () => {
    const forged = await api.tokenFor('00000000-0000-4000-8000-000000000000', {
      issuer: `${origin}/auth`,
      audience: `${origin}/api`,
    });
    const res = await api.app.inject({
      url: '/users/v1/users/settings',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Authentication error');
  });
});
