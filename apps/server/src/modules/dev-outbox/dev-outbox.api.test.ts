import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { listOutbox } from '../../mail/mailer.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the dev mail outbox', () => {
  it('lists mails to loopback clients only', async () => {
    t = await createTestApp();
    const user = await t.createUser();
    await t.accounts.sendVerificationEmail(user.id);
    const local = await t.app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json()[0]).toMatchObject({ to: user.email });
    const html = await t.app.inject({ url: '/dev/outbox', remoteAddress: '::1' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(user.email);

    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const remote = await t.app.inject({
        url,
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(403);
      expect(remote.body).not.toContain(user.email);
    }
  });

  it('does not exist, and keeps no mail, once a real database or mail server is configured', async () => {
    t = await createTestApp({ DATABASE_URL: 'postgres://u@db.invalid/x' });
    expect((await t.app.inject({ url: '/dev/outbox.json' })).statusCode).toBe(404);
    const user = await t.createUser();
    await t.accounts.sendVerificationEmail(user.id);
    expect(await listOutbox(t.db)).toEqual([]);
  });
});
