import { createHash, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { openTestDatabase } from '../../../test/database.ts';
import { type Config, loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { installErrorHandling } from '../../http/error-handler.ts';
import { registerRateLimits } from '../../http/rate-limits.ts';
import { registerSecurityHeaders } from '../../http/security-headers.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { type AccountService, createAccountService } from '../../modules/accounts/account.service.ts';
import { createIdp, type Idp } from '../idp.ts';

/** A cookie jar that honours paths and deletions, enough for the provider's cookies. */
export class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  store(setCookie: string | string[] | undefined) {
    const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const line of list) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expires = attrs.find((a) => a.toLowerCase().startsWith('expires='))?.slice(8);
      const key = `${name}|${path}`;
      if (value === '' || (expires && new Date(expires).getTime() < Date.now())) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(path: string): string {
    return [...this.cookies.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export interface IdpHarness {
  app: FastifyInstance;
  idp: Idp;
  config: Config;
  database: DatabaseHandle;
  accounts: AccountService;
  mails: MailMessage[];
  close(): Promise<void>;
}

/** Our IdP plugin inside a small Fastify app shaped like app.ts (app-wide form parser and security headers). */
export async function createIdpHarness(
  existing?: DatabaseHandle,
  options: { redirectUris?: string[]; env?: Record<string, string> } = {},
): Promise<IdpHarness> {
  const config = loadConfig({
    PUBLIC_URL: 'http://test.local',
    LOG_LEVEL: 'silent',
    PRODUCT_NAME: 'Tinkercloud',
    ...options.env,
  });
  const database = existing ?? (await openTestDatabase());
  const logger = pino({ level: 'silent' });
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const accounts = createAccountService({ db: database.db, mailer, config, logger });
  const idp = await createIdp({
    config,
    db: database.db,
    accounts,
    logger,
    redirectUris: options.redirectUris,
  });
  const app = Fastify({ logger: false, trustProxy: true });
  installErrorHandling(app);
  await registerSecurityHeaders(app);
  await registerRateLimits(app);
  await app.register(formbody);
  await app.register(idp.plugin, { prefix: '/auth' });
  await app.ready();
  return {
    app,
    idp,
    config,
    database,
    accounts,
    mails,
    async close() {
      await app.close();
      if (!existing) await database.close();
    },
  };
}

/** POST /auth/oauth/token as the web client with `form` (its grant): the status and the JSON body. */
export async function requestTokens(h: IdpHarness, form: Record<string, string>) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'test.local' },
    payload: new URLSearchParams({ client_id: h.config.oidc.clientId, ...form }).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Redeems an authorization code with its PKCE verifier, as the web app does once back from sign-in. */
export function redeemCode(h: IdpHarness, code: string, verifier: string, redirectUri: string) {
  return requestTokens(h, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
  });
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** A browser stand-in: keeps cookies and turns absolute URLs of the public origin into injectable paths. */
export function browser(app: FastifyInstance, origin: string) {
  const jar = new CookieJar();
  const toPath = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) : url);
  async function request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    const path = toPath(url);
    const res: LightMyRequestResponse = await app.inject({
      method,
      url: path,
      headers: {
        host: new URL(origin).host,
        cookie: jar.header(path.split('?')[0] ?? '/'),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    jar.store(res.headers['set-cookie']);
    return res;
  }
  return {
    jar,
    get: (url: string) => request('GET', url),
    post: (url: string, form: Record<string, string>, headers?: Record<string, string>) =>
      request('POST', url, form, headers),
    location: (res: LightMyRequestResponse) => String(res.headers.location ?? ''),
  };
}

/** Pulls a hidden input's value out of a page. */
export function hiddenValue(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!m?.[1]) throw new Error(`no hidden field ${name}`);
  return m[1];
}
