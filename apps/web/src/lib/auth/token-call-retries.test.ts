import type { AppConfig } from '@tinkercloud/shared';
import { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_CALL_RETRIES } from './token-call-retries.ts';
import { createUserManager } from './user-manager.ts';

/** The real oidc-client-ts against a stubbed network: what the provider answers is all that is faked. */
const AUTHORITY = 'https://app.example.org/auth';
const TOKEN_URL = `${AUTHORITY}/oauth/token`;
const config = {
  oidc: {
    authority: AUTHORITY,
    clientId: 'tinkercloud-web',
    audience: 'https://app.example.org/api',
    scope: 'openid profile email offline_access',
    claimsNamespace: 'https://app.example.org/claims/',
  },
} as AppConfig;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const discovery = () =>
  json({
    issuer: AUTHORITY,
    authorization_endpoint: `${AUTHORITY}/authorize`,
    token_endpoint: TOKEN_URL,
    end_session_endpoint: `${AUTHORITY}/v2/logout`,
  });
const tokens = () =>
  json({
    access_token: 'access-from-refresh-7d1f',
    refresh_token: 'refresh-rotated-93ac',
    token_type: 'Bearer',
    expires_in: 3600,
    scope: 'openid profile email offline_access',
  });

type Answer = () => Response | Promise<Response>;
/** Answers discovery, and the token endpoint with `answers` in turn; returns the token calls made. */
function network(...answers: Answer[]) {
  const tokenCalls: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.endsWith('/.well-known/openid-configuration')) return discovery();
      if (url === TOKEN_URL) {
        tokenCalls.push(init);
        const answer = answers[Math.min(tokenCalls.length, answers.length) - 1];
        if (!answer) throw new Error('no answer');
        return answer();
      }
      throw new Error(`unexpected ${url}`);
    }),
  );
  return tokenCalls;
}

const offline: Answer = () => {
  throw new TypeError('Failed to fetch');
};

async function signedInManager() {
  const manager = createUserManager(config, 'https://app.example.org');
  await manager.storeUser(
    new User({
      access_token: 'access-old',
      refresh_token: 'refresh-old',
      token_type: 'Bearer',
      profile: { sub: 's1', iss: AUTHORITY, aud: 'tinkercloud-web', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + 30,
    }),
  );
  return manager;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the token call, retried up to 3 times (spec 7.1)', () => {
  it('is tried again after network errors: 3 failures, then the answer', async () => {
    expect(TOKEN_CALL_RETRIES).toBe(3);
    const calls = network(offline, offline, offline, tokens);
    const manager = await signedInManager();
    const user = await manager.signinSilent();
    expect(user?.access_token).toBe('access-from-refresh-7d1f');
    expect(calls).toHaveLength(4);
    // Each try has the 10 s token time-out (the library sets none on refreshes).
    expect(calls.every((init) => init.signal instanceof AbortSignal)).toBe(true);
  });

  it('gives up after the third retry', async () => {
    const calls = network(offline, offline, offline, offline, tokens);
    const manager = await signedInManager();
    await expect(manager.signinSilent()).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(4);
  });

  it('is tried again when a gateway answers that the provider did not take it (502, 503, 504)', async () => {
    const calls = network(
      () => new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } }),
      () => json({ error: 'temporarily_unavailable' }, 503),
      () => new Response('Gateway timeout', { status: 504, headers: { 'content-type': 'text/plain' } }),
      tokens,
    );
    const manager = await signedInManager();
    await expect(manager.signinSilent()).resolves.toMatchObject({ access_token: 'access-from-refresh-7d1f' });
    expect(calls).toHaveLength(4);
  });

  it('is not sent again when the provider may have used the token: a 500 or a time-out', async () => {
    const failed = network(() => json({ error: 'server_error' }, 500), tokens);
    await expect((await signedInManager()).signinSilent()).rejects.toMatchObject({ error: 'server_error' });
    expect(failed).toHaveLength(1);
    vi.unstubAllGlobals();
    const timedOut = network(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    }, tokens);
    await expect((await signedInManager()).signinSilent()).rejects.toThrow('Network timed out');
    expect(timedOut).toHaveLength(1);
  });

  it('is not tried again on a 4xx: the refusal is final', async () => {
    const calls = network(() => json({ error: 'invalid_grant' }, 400), tokens);
    const manager = await signedInManager();
    await expect(manager.signinSilent()).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(calls).toHaveLength(1);
  });

  it('covers the code exchange too (the response validator has a token client of its own)', async () => {
    const manager = createUserManager(config, 'https://app.example.org');
    const { _client: client } = manager as unknown as {
      _client: { _validator: { _tokenClient: { exchangeCode(args: object): Promise<unknown> } } };
    };
    const calls = network(offline, () => json({ error: 'server_error' }, 503), tokens);
    await expect(
      client._validator._tokenClient.exchangeCode({ code: 'c1', code_verifier: 'v', redirect_uri: 'x' }),
    ).resolves.toMatchObject({ access_token: 'access-from-refresh-7d1f' });
    expect(calls).toHaveLength(3);
  });
});

describe('the token cache (spec 9)', () => {
  it('is in memory: no token reaches localStorage or sessionStorage', async () => {
    network(tokens);
    const manager = await signedInManager();
    const user = await manager.signinSilent();
    expect((await manager.getUser())?.refresh_token).toBe('refresh-rotated-93ac');
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    for (const token of ['access-old', 'refresh-old', user?.access_token, user?.refresh_token]) {
      expect(stored).not.toContain(token);
    }
    expect(stored).not.toMatch(/access_token|refresh_token/);
  });
});
