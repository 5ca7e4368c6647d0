import { createHash, randomBytes } from 'node:crypto';
import type { TestAccount } from './accounts.ts';

/**
 * Signs an account up or in at the embedded provider over plain HTTP (authorize → our form → code → token),
 * the same flow the browser runs, and returns an API client with its access token. Specs use it to set up
 * spaces and members fast; what they check still happens in the browser.
 */
export async function apiSession(
  baseUrl: string,
  account: TestAccount,
  opts: { signUp?: boolean; minorBirthday?: string } = {},
) {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    remember(res);
    return res;
  };
  const location = (res: Response) => {
    const to = res.headers.get('location');
    if (!to) throw new Error(`expected a redirect from ${res.url}, got ${res.status}`);
    return to;
  };

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'tinkercloud-web',
    response_type: 'code',
    redirect_uri: `${baseUrl}/`,
    scope: 'openid profile email',
    resource: `${baseUrl}/api`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ...(opts.minorBirthday ? { is_minor: '1' } : {}),
  });
  const start = await send(`/auth/authorize?${query}`);
  const uid = location(start).split('/').pop() as string;
  const form: Record<string, string> = opts.signUp
    ? {
        email: account.email,
        username: account.username,
        name: account.name,
        password: account.password,
        ...(opts.minorBirthday ? { birthday: opts.minorBirthday } : {}),
      }
    : { login: account.username, password: account.password };
  const posted = await send(`/auth/interaction/${uid}/${opts.signUp ? 'signup' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (posted.status !== 303)
    throw new Error(`sign-${opts.signUp ? 'up' : 'in'} failed: ${posted.status} ${await posted.text()}`);
  const back = await send(location(posted));
  const code = new URL(location(back)).searchParams.get('code');
  if (!code) throw new Error('no authorization code');
  const tokenRes = await fetch(`${baseUrl}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'tinkercloud-web',
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${baseUrl}/`,
    }).toString(),
  });
  if (!tokenRes.ok) throw new Error(`token exchange failed: ${tokenRes.status}`);
  const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };

  /** Calls the API as this account; `space` sets X-Organization. Throws on a status of 400 or more. */
  async function call<T = unknown>(method: string, path: string, body?: unknown, space?: string): Promise<T> {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(space ? { 'x-organization': space } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return { account, accessToken, call };
}
export type ApiSession = Awaited<ReturnType<typeof apiSession>>;
