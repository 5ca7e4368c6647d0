import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { listOutbox } from '../../mail/mailer.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the dev mail outbox', () => {
  it('lists mails to direct loopback clients only: not to remote ones, nor through a proxy on this machine', async () => {
    t = await createTestApp();
    const user = await t.createUser();
    await t.accounts.sendVerificationEmail(user.id);
    const local = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json()[0]).toMatchObject({ to: user.email });
    const html = await t.app.inject({ url: '/dev/outbox', remoteAddress: '::1' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(user.email);

    // A reverse proxy on this machine connects from loopback: any forwarding header means it relayed the request.
    const forwarding: Record<string, string>[] = [
      { forwarded: 'for=203.0.113.7;proto=https' },
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-host': 'iot.example.org' },
      { 'x-forwarded-proto': 'https' },
      { 'x-forwarded-port': '443' },
      { 'x-forwarded-server': 'proxy' },
      { 'x-real-ip': '203.0.113.7' },
      { via: '1.1 caddy' },
    ];
    for (const headers of forwarding) {
      for (const url of ['/dev/outbox.json', '/dev/outbox']) {
        const res = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers });
        expect(res.body, `${url} ${JSON.stringify(headers)}`).not.toContain(user.email);
        if (url === '/dev/outbox.json') expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      }
    }

    // A remote client gets what a route that does not exist answers, whatever it claims.
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
      for (const url of ['/dev/outbox.json', '/dev/outbox']) {
        const remote = await t.app.inject({ url, remoteAddress: '203.0.113.7', headers });
        expect(remote.body, url).not.toContain(user.email);
        if (url === '/dev/outbox.json') expect(remote.statusCode).toBe(404);
      }
    }
  });

  it('does not exist, and keeps no mail, with TRUST_PROXY: behind a proxy every client looks local', async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    const user = await t.createUser();
    await t.accounts.sendVerificationEmail(user.id);
    for (const headers of [{}, { 'x-forwarded-for': '203.0.113.7' }]) {
      const res = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(user.email);
    }
    expect(await listOutbox(t.db)).toEqual([]);
    expect((await t.app.inject({ url: '/app-config.js' })).body).toContain('"devOutboxUrl":null');
  });

  it('does not exist, and keeps no mail, once a real database or mail server is configured', async () => {
    t = await createTestApp({ DATABASE_URL: 'postgres://u@db.invalid/x' });
    expect((await t.app.inject({ url: '/dev/outbox.json' })).statusCode).toBe(404);
    const user = await t.createUser();
    await t.accounts.sendVerificationEmail(user.id);
    expect(await listOutbox(t.db)).toEqual([]);
  });
});
