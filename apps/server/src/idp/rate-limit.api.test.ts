import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, SIGN_IN_FAILURES_PER_ADDRESS } from '../http/rate-limits.ts';
import { browser, createIdpHarness, type IdpHarness, pkcePair } from './testing/harness.ts';

const ORIGIN = 'http://test.local';
let h: IdpHarness;
beforeAll(async () => {
  h = await createIdpHarness();
});
afterAll(() => h?.close());

async function interaction(harness = h) {
  const b = browser(harness.app, ORIGIN);
  const q = new URLSearchParams({
    client_id: harness.config.oidc.clientId,
    response_type: 'code',
    redirect_uri: `${ORIGIN}/`,
    scope: 'openid',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  const start = await b.get(`/auth/authorize?${q}`);
  return { b, uid: b.location(start).split('/').pop() as string };
}

describe('rate limits on the sign-in pages', () => {
  it('stops password guessing on one account, not sign-ins to other accounts', async () => {
    const { b, uid } = await interaction();
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) {
      const res = await b.post(`/auth/interaction/${uid}/login`, { login: 'victim', password: `guess ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await b.post(`/auth/interaction/${uid}/login`, { login: 'Victim', password: 'one more' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(/Too many attempts\. Try again in 1 minute\./);

    const other = await b.post(`/auth/interaction/${uid}/login`, { login: 'someone-else', password: 'x' });
    expect(other.statusCode).toBe(401);
  });

  it('stops one address trying many logins, counting the address a trusted proxy forwards', async () => {
    const { b, uid } = await interaction();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS.max; i++) {
      const res = await b.post(
        `/auth/interaction/${uid}/login`,
        { login: `student${i}`, password: 'Summer2026!' },
        from('203.0.113.7'),
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await b.post(
      `/auth/interaction/${uid}/login`,
      { login: 'student-next', password: 'Summer2026!' },
      from('203.0.113.7'),
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toContain('text/html');
    expect(blocked.body).toContain('Too many attempts. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // Another address is not held back.
    const other = await b.post(
      `/auth/interaction/${uid}/login`,
      { login: 'student-next', password: 'Summer2026!' },
      from('198.51.100.9'),
    );
    expect(other.statusCode).toBe(401);
  });

  it('shows a browser a page, not JSON, when it is limited', async () => {
    const { uid } = await interaction();
    let last = await h.app.inject({ method: 'GET', url: '/auth/forgot-password' });
    for (let i = 0; i <= RATE_LIMITS.passwordReset.max; i++) {
      last = await h.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html,application/xhtml+xml',
        },
        payload: `email=flood%40example.com&uid=${uid}`,
      });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['content-type']).toContain('text/html');
    expect(last.body).toContain('Too many attempts.');
  });
});

describe('the sign-up limit per address', () => {
  /** Sign-up posts from one address until the first refusal; the form is left empty, each one counts. */
  async function signUpsBeforeRefusal(harness: IdpHarness, ip: string, upTo: number) {
    const { b, uid } = await interaction(harness);
    for (let i = 0; i <= upTo; i++) {
      const res = await b.post(`/auth/interaction/${uid}/signup`, { email: '' }, { 'x-forwarded-for': ip });
      if (res.statusCode === 429) {
        expect(res.body).toContain('Too many attempts. Try again in 1 minute.');
        return i;
      }
    }
    return upTo + 1;
  }

  it('is 20 a minute by default, per address', async () => {
    expect(h.config.oidc.signUpsPerMinute).toBe(20);
    expect(await signUpsBeforeRefusal(h, '192.0.2.10', 25)).toBe(20);
    expect(await signUpsBeforeRefusal(h, '192.0.2.11', 0)).toBe(1);
  });

  it('is what SIGNUP_RATE_LIMIT_PER_MINUTE says', async () => {
    const wide = await createIdpHarness(undefined, { env: { SIGNUP_RATE_LIMIT_PER_MINUTE: '50' } });
    try {
      expect(await signUpsBeforeRefusal(wide, '192.0.2.20', 60)).toBe(50);
    } finally {
      await wide.close();
    }
  });
});
