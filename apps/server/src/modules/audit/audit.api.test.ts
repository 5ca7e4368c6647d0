/**
 * The audit log (issue 27 item 6): security-relevant user actions are recorded where they happen — sign-ins
 * and failed sign-ins with the address, sign-ups' first sign-in, API keys made and revoked, member role
 * changes, an account deleted by its owner — and `GET /admin/v1/audit` pages them newest first, filtered by
 * action, who and time. Entries older than `AUDIT_RETENTION_DAYS` go (a purge at start, then hourly).
 */
import type { AuditEntry } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { adminFixtures } from '../admin/testing/admin-fixtures.ts';
import { createPlansRepository } from '../plans/plans.repository.ts';
import { createAuditLog } from './audit-log.ts';

let t: TestApp;
let f: ReturnType<typeof adminFixtures>;
let opId: string;

beforeAll(async () => {
  t = await createTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '0' }, { idp: true });
  f = adminFixtures(t);
  opId = (await f.operator()).id;
});
afterAll(() => t?.close());

const page = async (query: string) => {
  const res = await f.call(opId, 'GET', `/admin/v1/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: AuditEntry[]; next_before?: number };
};

describe('recorded user actions', () => {
  it('records sign-ins and failed sign-ins with the address', async () => {
    const user = await t.createUser({ password: 'correct horse battery' });
    expect((await f.signIn(user.username, 'wrong password!')).statusCode).toBe(401);
    expect((await f.signIn('nobody-at-all', 'wrong password!')).statusCode).toBe(401);
    expect((await f.signIn(user.email, 'correct horse battery')).statusCode).toBe(303);

    const failed = (await page(`action=user.sign_in_failed&who=${user.username}`)).entries;
    expect(failed[0]).toMatchObject({
      actor_id: user.id,
      actor_label: user.username,
      target_id: user.id,
      ip: '127.0.0.1',
      details: { reason: 'wrong_password' },
    });
    // An unknown login is kept as typed (never the password).
    const unknown = (await page('action=user.sign_in_failed&who=nobody-at-all')).entries;
    expect(unknown[0]).toMatchObject({ actor_id: null, target_label: 'nobody-at-all' });
    expect(JSON.stringify(unknown)).not.toContain('wrong password!');
    const ok = (await page(`action=user.signed_in&who=${user.id}`)).entries;
    expect(ok[0]).toMatchObject({ actor_id: user.id, ip: '127.0.0.1', details: { via: 'password' } });
  });

  it("records a sign-up's first sign-in", async () => {
    const user = await f.signUp(`new${Date.now().toString(36)}`);
    const [entry] = (await page(`action=user.signed_in&who=${user.username}`)).entries;
    expect(entry).toMatchObject({ actor_id: user.id, details: { via: 'sign-up' } });
  });

  it('records API keys made and revoked by their owner', async () => {
    const user = await t.createUser();
    await createPlansRepository(t.db).upsertUserPlan(user.id, 'create-maker', null);
    const key = (await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'Node-RED' })).json();
    expect((await f.call(user.id, 'DELETE', `/iot/v1/clients/${key.client_id}`)).statusCode).toBe(200);
    const entries = (await page(`who=${key.client_id}`)).entries;
    expect(entries.map((e) => e.action)).toEqual(['api_key.revoked', 'api_key.created']);
    for (const e of entries) {
      expect(e).toMatchObject({
        actor_id: user.id,
        actor_label: user.username,
        target_type: 'api_key',
        target_label: 'Node-RED',
        details: { space_id: 'my-cloud' },
      });
      expect(JSON.stringify(e)).not.toContain(key.client_secret);
    }
  });

  it("records a member's role change, old and new", async () => {
    const { space, admin, editor } = await f.team();
    const res = await f.call(
      admin.id,
      'PATCH',
      `/classroom/v1/organizations/${space.id}/members/${editor.id}/role`,
      {
        member_role: 'role:pro-admin',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await page(`action=member.role_changed&who=${editor.id}`)).entries;
    expect(entry).toMatchObject({
      actor_id: admin.id,
      target_label: editor.username,
      details: { space_id: space.id, from: ['role:pro-editor'], to: ['role:pro-admin'] },
    });
  });

  it('records an account deleted by its owner, named after it is gone', async () => {
    const user = await t.createUser({ password: 'correct horse battery' });
    const res = await f.call(user.id, 'DELETE', '/users/v1/users/me', { password: 'correct horse battery' });
    expect(res.statusCode, res.body).toBe(204);
    const [entry] = (await page(`action=account.deleted&who=${user.id}`)).entries;
    expect(entry).toMatchObject({
      actor_id: user.id,
      actor_label: user.username,
      target_label: user.username,
    });
  });
});

describe('GET /admin/v1/audit', () => {
  it('pages newest first with before, and filters by time', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) await t.accounts.recordLogin(user.id);
    const first = await page(`who=${user.id}&action=user.signed_in&limit=2`);
    expect(first.entries).toHaveLength(2);
    expect(first.next_before).toBe(first.entries[1]?.id);
    const second = await page(`who=${user.id}&action=user.signed_in&limit=2&before=${first.next_before}`);
    const third = await page(`who=${user.id}&action=user.signed_in&limit=2&before=${second.next_before}`);
    const ids = [...first.entries, ...second.entries, ...third.entries].map((e) => e.id);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(third.next_before).toBeUndefined();

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await page(`who=${user.id}&from=${encodeURIComponent(future)}`)).entries).toEqual([]);
    expect((await page(`who=${user.id}&to=${encodeURIComponent(future)}`)).entries).toHaveLength(5);
  });
});

describe('retention', () => {
  it('purges entries older than AUDIT_RETENTION_DAYS when a server starts', async () => {
    const audit = createAuditLog({ db: t.db });
    await audit.record({ action: 'user.signed_in', targetType: 'user', targetId: 'old-entry' });
    await audit.record({ action: 'user.signed_in', targetType: 'user', targetId: 'recent-entry' });
    const day = 86_400_000;
    await t.db
      .update(auditLog)
      .set({ at: new Date(Date.now() - 40 * day) })
      .where(eq(auditLog.targetId, 'old-entry'));
    await t.db
      .update(auditLog)
      .set({ at: new Date(Date.now() - 20 * day) })
      .where(eq(auditLog.targetId, 'recent-entry'));
    const other = await createTestApp({ AUDIT_RETENTION_DAYS: '30' }, { database: t.database });
    try {
      await vi.waitFor(async () => {
        const old = await t.db.select().from(auditLog).where(eq(auditLog.targetId, 'old-entry'));
        expect(old).toEqual([]);
      });
      expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, 'recent-entry'))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
