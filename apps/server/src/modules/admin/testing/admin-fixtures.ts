import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/app.ts';
import { users } from '../../../db/schema/index.ts';
import { browser, pkcePair } from '../../../idp/testing/harness.ts';
import { spaceFixtures } from '../../spaces/spaces.fixtures.ts';

const ORIGIN = 'http://test.local';

/** Helpers for the admin API tests: sign-ups through the real pages, operators, calls as a user. */
export function adminFixtures(t: TestApp) {
  const spaces = spaceFixtures(t);

  /** The sign-up page of a new interaction, as a browser reaches it from the app (`is_minor=1` for a minor's). */
  async function openSignUp(opts: { minor?: boolean } = {}) {
    const b = browser(t.app, ORIGIN);
    const q = new URLSearchParams({
      client_id: t.config.oidc.clientId,
      response_type: 'code',
      redirect_uri: `${ORIGIN}/`,
      scope: 'openid profile email',
      state: 'st',
      nonce: 'n',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      ...(opts.minor && { is_minor: '1' }),
    });
    const start = await b.get(`/auth/authorize?${q}`);
    const uid = b.location(start).split('/').pop() as string;
    const page = await b.get(`/auth/interaction/${uid}/signup`);
    return { b, uid, page: page.body };
  }

  return {
    ...spaces,
    openSignUp,

    /** Signs up through the embedded provider's page, as a person does; returns the new account's id. */
    async signUp(username: string, opts: { minor?: boolean } = {}) {
      const { b, uid } = await openSignUp(opts);
      const res = await b.post(`/auth/interaction/${uid}/signup`, {
        email: `${username}@example.org`,
        username,
        name: username,
        password: 'correct horse battery',
        ...(opts.minor && { birthday: `${new Date().getUTCFullYear() - 14}-01-01` }),
      });
      if (res.statusCode !== 303) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      const [row] = await t.db.select().from(users).where(eq(users.username, username));
      if (!row) throw new Error('signed up, but no account');
      return row;
    },

    /** Signs in through the embedded provider's page (from 127.0.0.1); the form's answer. */
    async signIn(login: string, password: string) {
      const { b, uid } = await openSignUp();
      return b.post(`/auth/interaction/${uid}/login`, { login, password });
    },

    /** A new account made an operator directly (the flag as the seat or `OPERATORS` would set it). */
    async operator() {
      const user = await t.createUser();
      await t.db.update(users).set({ isOperator: true }).where(eq(users.id, user.id));
      return user;
    },

    async isOperator(userId: string) {
      const [row] = await t.db.select({ v: users.isOperator }).from(users).where(eq(users.id, userId));
      return row?.v ?? false;
    },
  };
}
export type AdminFixtures = ReturnType<typeof adminFixtures>;
