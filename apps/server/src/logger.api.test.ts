import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createLogger } from './logger.ts';
import { listOutbox } from './mail/mailer.ts';

/** Every line the app's logger writes, as the operator's log collector would see it. */
let lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { logger: createLogger({ logLevel: 'info' }, sink) });
});
afterAll(() => t?.close());

describe('the request log', () => {
  it('keeps query tokens, authorization headers and cookies out, and the paths in', async () => {
    const user = await t.createUser();
    await t.accounts.sendVerificationEmail(user.id);
    const mail = (await listOutbox(t.db))[0];
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const verifyToken = link.searchParams.get('token') ?? '';
    expect(verifyToken.length).toBeGreaterThan(10);
    const bearer = await t.tokenFor(user.id);
    const binary = crypto.randomUUID();
    const secrets = {
      verifyToken,
      resetToken: 'reset-token-0123456789abcdef',
      otaSignature: 'ota-signature-Zm9vYmFy',
      oauthCode: 'oauth-code-4f6d2c',
      joinCode: 'JOIN5ECRET',
      renewal: 'renewal-id-5d0c9a',
      bearer,
      cookie: 'session-cookie-value-77',
    };

    lines = [];
    const requests = [
      { url: `${link.pathname}${link.search}` },
      { url: `/auth/reset-password?token=${secrets.resetToken}` },
      { url: `/ota/v1/binaries/${binary}?e=1900000000&s=${secrets.otaSignature}` },
      { url: `/?code=${secrets.oauthCode}&state=st-1` },
      { url: `/?renewal_id=${secrets.renewal}` },
      { url: `/users/v1/organizations/validate?code=${secrets.joinCode}` },
      {
        url: '/iot/v2/devices',
        headers: {
          authorization: `Bearer ${bearer}`,
          cookie: `tinkercloud_session=${secrets.cookie}`,
        },
      },
    ];
    for (const request of requests) await t.app.inject(request);
    const log = lines.join('');

    for (const [name, secret] of Object.entries(secrets)) expect(log, name).not.toContain(secret);
    // Still useful: every request's path, and the parameters that are not secret.
    for (const path of [
      link.pathname,
      '/auth/reset-password?token=',
      `/ota/v1/binaries/${binary}?e=1900000000&s=`,
      '&state=st-1',
      '/users/v1/organizations/validate?code=',
      '/iot/v2/devices',
    ]) {
      expect(log).toContain(path);
    }
    expect(lines.filter((l) => l.includes('"incoming request"'))).toHaveLength(requests.length);
  });
});
