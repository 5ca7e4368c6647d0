import { claimNames, SIGN_IN_CALLBACK_PATH } from '@tinkercloud/shared';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  browser,
  createIdpHarness,
  hiddenValue,
  pkcePair,
  redeemCode,
  requestTokens,
} from './testing/harness.ts';

const ORIGIN = 'http://test.local';
const REDIRECT = `${ORIGIN}/`;
const CALLBACK = `${ORIGIN}${SIGN_IN_CALLBACK_PATH}`;
const SCOPE = 'openid profile email offline_access';

const h = await createIdpHarness();
afterAll(() => h.close());

function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    client_id: h.config.oidc.clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: SCOPE,
    state: 'st-123',
    nonce: 'n-456',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `/auth/authorize?${q}`;
}

const tokenRequest = (form: Record<string, string>) => requestTokens(h, form);

/** Drives authorize → our page → a form post → code; returns the code and the browser. */
async function signInThroughPages(
  submit: (b: ReturnType<typeof browser>, uid: string) => Promise<string>,
  extra = {},
) {
  const b = browser(h.app, ORIGIN);
  const { verifier, challenge } = pkcePair();
  const start = await b.get(authorizeUrl(challenge, extra));
  expect(start.statusCode).toBe(303);
  const interactionUrl = b.location(start);
  expect(interactionUrl).toMatch(/^http:\/\/test\.local\/auth\/interaction\/[\w-]+$/);
  const uid = interactionUrl.split('/').pop() as string;
  const afterForm = await submit(b, uid);
  const resume = await b.get(afterForm);
  expect(resume.statusCode).toBe(303);
  const back = new URL(b.location(resume));
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get('state')).toBe('st-123');
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  return { code: code as string, verifier, b };
}

describe('embedded identity provider', () => {
  it('publishes discovery under /auth with the issuer and our custom routes', async () => {
    const res = await h.app.inject({
      url: '/auth/.well-known/openid-configuration',
      headers: { host: 'elsewhere:9' },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(`${ORIGIN}/auth`);
    expect(doc.authorization_endpoint).toBe(`${ORIGIN}/auth/authorize`);
    expect(doc.token_endpoint).toBe(`${ORIGIN}/auth/oauth/token`);
    expect(doc.end_session_endpoint).toBe(`${ORIGIN}/auth/v2/logout`);
    expect(doc.jwks_uri).toBe(`${ORIGIN}/auth/.well-known/jwks.json`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(SCOPE.split(' ')));

    const jwks = await h.app.inject({ url: '/auth/.well-known/jwks.json' });
    const keys = jwks.json().keys as Record<string, unknown>[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: h.idp.jwks.keys[0]?.kid });
    expect(keys[0]).not.toHaveProperty('d');
    expect(h.idp.jwks.keys[0]).not.toHaveProperty('d');
  });

  it('requires PKCE with S256', async () => {
    const b = browser(h.app, ORIGIN);
    const none = await b.get(authorizeUrl('x', { code_challenge: '', code_challenge_method: '' }));
    expect(new URL(b.location(none)).searchParams.get('error')).toBe('invalid_request');
    const plain = await b.get(authorizeUrl('a'.repeat(43), { code_challenge_method: 'plain' }));
    expect(new URL(b.location(plain)).searchParams.get('error')).toBe('invalid_request');
  });

  it('signs in with the form and issues ID, JWT access and refresh tokens', async () => {
    const user = await h.accounts.register({
      email: 'Ada@Example.com',
      username: 'ada.l',
      name: 'Ada Lovelace',
      password: 'analytical engine',
      isMinor: false,
    });
    const ns = claimNames(h.config.oidc.claimsNamespace);

    const { code, verifier, b } = await signInThroughPages(async (b, uid) => {
      const page = await b.get(`/auth/interaction/${uid}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`action="/auth/interaction/${uid}/login"`);
      expect(page.body).toContain('href="/auth/assets/style.css"');
      expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/auth/assets/favicon.svg">');
      expect(page.body).toContain('<title>Sign in | Tinkercloud</title>');

      const wrong = await b.post(`/auth/interaction/${uid}/login`, {
        login: 'ada.l',
        password: 'nope nope nope',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain('Invalid e-mail/username or password.');
      expect(wrong.body).toContain('value="ada.l"');
      expect(wrong.body).not.toContain('nope nope nope');

      const ok = await b.post(`/auth/interaction/${uid}/login`, {
        login: 'ADA@example.com',
        password: 'analytical engine',
      });
      expect(ok.statusCode).toBe(303);
      expect(b.location(ok)).toBe(`${ORIGIN}/auth/authorize/${uid}`);
      return b.location(ok);
    });

    const tokens = await redeemCode(h, code, verifier, REDIRECT);
    expect(tokens.status).toBe(200);
    const body = tokens.body;
    expect(body.scope).toBe('openid profile email');
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    expect(typeof body.refresh_token).toBe('string');

    const keys = createLocalJWKSet(h.idp.jwks);
    const id = await jwtVerify(String(body.id_token), keys, {
      issuer: `${ORIGIN}/auth`,
      audience: h.config.oidc.clientId,
    });
    expect(decodeProtectedHeader(String(body.id_token)).alg).toBe('RS256');
    expect(id.payload).toMatchObject({
      sub: user.id,
      nonce: 'n-456',
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      email_verified: false,
      is_minor: false,
      picture: '',
      [ns.id]: user.id,
      [ns.username]: 'ada.l',
      [ns.loginCount]: 1,
      [ns.isTeen]: false,
    });
    expect(typeof id.payload.updated_at).toBe('number');

    const at = await jwtVerify(String(body.access_token), keys, {
      issuer: h.config.oidc.issuer,
      audience: h.config.oidc.audience,
      algorithms: ['RS256'],
    });
    expect(decodeProtectedHeader(String(body.access_token)).typ).toBe('at+jwt');
    expect(at.payload.sub).toBe(user.id);
    expect(at.payload[ns.tosAccepted]).toBe(false);
    // arduino-iot-js takes its MQTT user name from the upstream claim.
    expect(at.payload['http://arduino.cc/id']).toBe(user.id);

    // Terms accepted later: the next token (by refresh) says so, and the refresh token rotates.
    await h.accounts.acceptTerms(user.id);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(body.refresh_token),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(body.refresh_token);
    const at2 = await jwtVerify(String(refreshed.body.access_token), keys, {
      audience: h.config.oidc.audience,
    });
    expect(at2.payload[ns.tosAccepted]).toBe(true);
    const id2 = await jwtVerify(String(refreshed.body.id_token), keys, { audience: h.config.oidc.clientId });
    expect(id2.payload[ns.loginCount]).toBe(1);

    // Silent renewal: with the session cookie and prompt=none, a new code comes straight back.
    const silent = await b.get(authorizeUrl(pkcePair().challenge, { prompt: 'none' }));
    expect(silent.statusCode).toBe(303);
    expect(new URL(b.location(silent)).searchParams.get('code')).toBeTruthy();

    // A new tab's session check (the hidden frame) and the sign-in popup return to the callback page.
    const framed = await b.get(
      authorizeUrl(pkcePair().challenge, { prompt: 'none', redirect_uri: CALLBACK }),
    );
    expect(framed.statusCode).toBe(303);
    const landed = new URL(b.location(framed));
    expect(`${landed.origin}${landed.pathname}`).toBe(CALLBACK);
    expect(landed.searchParams.get('code')).toBeTruthy();

    // The code works once.
    const again = await redeemCode(h, code, verifier, REDIRECT);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('answers the session check without a session with login_required at the callback page', async () => {
    const b = browser(h.app, ORIGIN);
    const res = await b.get(authorizeUrl(pkcePair().challenge, { prompt: 'none', redirect_uri: CALLBACK }));
    expect(res.statusCode).toBe(303);
    const landed = new URL(b.location(res));
    expect(`${landed.origin}${landed.pathname}`).toBe(CALLBACK);
    expect(landed.searchParams.get('error')).toBe('login_required');
    expect(landed.searchParams.get('state')).toBe('st-123');
    // Any other page of the origin is no redirect address.
    const elsewhere = await b.get(
      authorizeUrl(pkcePair().challenge, { prompt: 'none', redirect_uri: `${ORIGIN}/other.html` }),
    );
    expect(elsewhere.statusCode).toBe(400);
  });

  it('creates a minor account when the request says is_minor=1, and mails a verification link', async () => {
    const birthday = `${new Date().getUTCFullYear() - 15}-01-01`;
    const ns = claimNames(h.config.oidc.claimsNamespace);
    const { code, verifier } = await signInThroughPages(
      async (b, uid) => {
        const page = await b.get(`/auth/interaction/${uid}/signup`);
        expect(page.body).toContain('name="birthday"');
        const bad = await b.post(`/auth/interaction/${uid}/signup`, {
          email: 'kid@example.com',
          username: 'kid_one',
          name: 'Kid',
          password: 'long enough pw',
          birthday: '2001-01-01',
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.body).toContain('value="kid@example.com"');
        expect(bad.body).not.toContain('long enough pw');
        const ok = await b.post(`/auth/interaction/${uid}/signup`, {
          email: 'kid@example.com',
          username: 'kid_one',
          name: 'Kid',
          password: 'long enough pw',
          birthday,
        });
        expect(ok.statusCode).toBe(303);
        return b.location(ok);
      },
      // As the SPA does: the API audience as resource indicator, and the minor flag.
      { is_minor: '1', resource: h.config.oidc.audience },
    );
    const tokens = await redeemCode(h, code, verifier, REDIRECT);
    expect(tokens.status).toBe(200);
    const id = await jwtVerify(String(tokens.body.id_token), createLocalJWKSet(h.idp.jwks), {
      audience: h.config.oidc.clientId,
    });
    expect(id.payload).toMatchObject({
      is_minor: true,
      email_verified: false,
      [ns.username]: 'kid_one',
      [ns.isTeen]: true,
      [ns.loginCount]: 1,
    });

    const mail = h.mails.find((m) => m.to === 'kid@example.com');
    expect(mail?.subject).toContain('Tinkercloud');
    const link = /http:\/\/test\.local(\/auth\/verify-email\?token=[\w%-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const verified = await h.app.inject({ url: link as string });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('E-mail verified');
    expect((await h.accounts.findById(String(id.payload.sub)))?.emailVerified).toBe(true);
  });

  it('signs out without an extra click when the app sends id_token_hint', async () => {
    await h.accounts.register({
      email: 'bob@example.com',
      username: 'bob',
      password: 'builder bob',
      isMinor: false,
    });
    const { code, verifier, b } = await signInThroughPages(async (br, uid) => {
      const ok = await br.post(`/auth/interaction/${uid}/login`, { login: 'bob', password: 'builder bob' });
      return br.location(ok);
    });
    const tokens = await redeemCode(h, code, verifier, REDIRECT);
    const q = new URLSearchParams({
      id_token_hint: String(tokens.body.id_token),
      post_logout_redirect_uri: REDIRECT,
      state: 'bye',
    });
    const page = await b.get(`/auth/v2/logout?${q}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-auto-submit="op.logoutForm"');
    expect(page.body).toContain('src="/auth/assets/logout.js"');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const form = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(page.body);
    expect(form?.[1]).toBe(`${ORIGIN}/auth/v2/logout/confirm`);
    const done = await b.post(form?.[1] as string, { xsrf: hiddenValue(page.body, 'xsrf'), logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(b.location(done)).toBe(`${REDIRECT}?state=bye`);

    // The grant is gone with the session: the refresh token no longer works.
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.body.refresh_token),
    });
    expect(refreshed.status).toBe(400);
  });

  it('renders errors and expired interactions as styled pages', async () => {
    const bad = await h.app.inject({ url: '/auth/authorize?client_id=unknown&response_type=code' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
    expect(bad.body).toContain('/auth/assets/style.css');
    const expired = await h.app.inject({ url: '/auth/interaction/doesnotexist' });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('expired');
    const css = await h.app.inject({ url: '/auth/assets/style.css' });
    expect(css.headers['content-type']).toContain('text/css');
    // Linked from every sign-in page, so the browser does not ask for a missing /favicon.ico.
    expect(bad.body).toContain('/auth/assets/favicon.svg');
    const icon = await h.app.inject({ url: '/auth/assets/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('<svg');
  });

  it('keeps its signing key, sessions and refresh tokens across a restart', async () => {
    await h.accounts.register({
      email: 'cy@example.com',
      username: 'cy',
      password: 'cyberspace',
      isMinor: false,
    });
    const { code, verifier } = await signInThroughPages(async (b, uid) => {
      const ok = await b.post(`/auth/interaction/${uid}/login`, { login: 'cy', password: 'cyberspace' });
      return b.location(ok);
    });
    const tokens = await redeemCode(h, code, verifier, REDIRECT);

    const second = await createIdpHarness(h.database);
    try {
      expect(second.idp.jwks.keys.map((k) => k.kid)).toEqual(h.idp.jwks.keys.map((k) => k.kid));
      const res = await second.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: second.config.oidc.clientId,
          grant_type: 'refresh_token',
          refresh_token: String(tokens.body.refresh_token),
          // oidc-client-ts repeats the scope of the last token response.
          scope: String(tokens.body.scope),
        }).toString(),
      });
      expect(res.statusCode).toBe(200);
      await jwtVerify(res.json().access_token, createLocalJWKSet(h.idp.jwks), {
        audience: h.config.oidc.audience,
      });
    } finally {
      await second.close();
    }
  });
});
