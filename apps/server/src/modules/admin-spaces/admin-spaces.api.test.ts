import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, iotDevices, memberships, organizations, users } from '../../db/schema/index.ts';
import type { Account } from '../accounts/account.types.ts';
import { iotTestApp } from '../iot/testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

let operator: Account;
beforeAll(async () => {
  operator = await t.createUser();
  await t.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
});

const SPACES = '/admin/v1/spaces';
/** A name no other test's space has, to find one space in the list. */
const unique = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

async function rolesOf(spaceId: string) {
  const rows = await t.db
    .select({ userId: memberships.userId, roles: memberships.roles })
    .from(memberships)
    .where(eq(memberships.organizationId, spaceId));
  return Object.fromEntries(rows.map((r) => [r.userId, r.roles]));
}

describe('admin spaces', () => {
  it('answers 404 to anyone but an operator', async () => {
    const { space, admin } = await f.team();
    for (const [method, url, body] of [
      ['GET', SPACES, undefined],
      ['POST', `${SPACES}/${space.id}/plan`, { plan_id: 'cloud-enterprise' }],
      ['PUT', `${SPACES}/${space.id}/owner`, { user_id: admin.id }],
      ['GET', `${SPACES}/${space.id}/deletion`, undefined],
      ['DELETE', `${SPACES}/${space.id}`, undefined],
    ] as const) {
      expect((await f.call(admin.id, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.db.select().from(organizations).where(eq(organizations.id, space.id))).length).toBe(1);
  });

  it('lists spaces with plan, seats, members, owner and usage; searches, filters, sorts and pages', async () => {
    const tag = unique('Listing');
    const { space: school, admin } = await f.school({ name: `${tag} school`, planSeats: 30 });
    const { space: team } = await f.team({ name: `${tag} team` });
    await f.device(admin.id, {}, school.id);
    await f.device(admin.id, {}, school.id);
    await f.thing(admin.id, {}, school.id);

    const res = await f.call(operator.id, 'GET', `${SPACES}?q=${encodeURIComponent(tag)}&type=edu`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, page: 1, per_page: 25 });
    expect(res.json().spaces).toEqual([
      {
        id: school.id,
        name: `${tag} school`,
        space: 'edu',
        created_at: expect.any(String),
        plan: { id: 'cloud-classroom', name: 'School', ends_at: null },
        seats: 30,
        members: 2,
        owner: { id: admin.id, username: admin.username },
        usage: { things: 1, devices: 2, dashboards: 0 },
      },
    ]);
    const names = async (query: string) =>
      (await f.call(operator.id, 'GET', `${SPACES}?q=${encodeURIComponent(tag)}&${query}`))
        .json()
        .spaces.map((s: { id: string }) => s.id);
    expect(await names('sort=name&order=asc')).toEqual([school.id, team.id]);
    expect(await names('sort=name&order=desc')).toEqual([team.id, school.id]);
    const paged = (
      await f.call(
        operator.id,
        'GET',
        `${SPACES}?q=${encodeURIComponent(tag)}&per_page=1&page=2&sort=name&order=asc`,
      )
    ).json();
    expect(paged).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(paged.spaces.map((s: { id: string }) => s.id)).toEqual([team.id]);
    expect((await f.call(operator.id, 'GET', `${SPACES}?q=${school.id}`)).json().spaces[0].id).toBe(
      school.id,
    );
    expect((await f.call(operator.id, 'GET', `${SPACES}?sort=nope`)).statusCode).toBe(400);
  });

  it('grants a space a plan with seats and an end date; a plan of another scope is 400', async () => {
    const { space } = await f.team({ planId: null });
    const endsAt = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const res = await f.call(operator.id, 'POST', `${SPACES}/${space.id}/plan`, {
      plan_id: 'cloud-enterprise',
      seats: 12,
      ends_at: endsAt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: space.id,
      plan: { id: 'cloud-enterprise', name: 'Team', ends_at: endsAt },
      seats: 12,
    });
    const wrong = await f.call(operator.id, 'POST', `${SPACES}/${space.id}/plan`, {
      plan_id: 'cloud-classroom',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation_error', status: 400 });
    expect(wrong.json().detail).toMatch(/does not fit a pro space; use cloud-enterprise/);
    const unknown = await f.call(operator.id, 'POST', `${SPACES}/${space.id}/plan`, { plan_id: 'gold' });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await f.call(operator.id, 'POST', `${SPACES}/${randomUUID()}/plan`, { plan_id: 'cloud-enterprise' }))
        .statusCode,
    ).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.granted'), eq(auditLog.targetId, space.id)));
    expect(entry).toMatchObject({
      actorId: operator.id,
      details: { plan_id: 'cloud-enterprise', seats: 12 },
    });
  });

  it('hands a space to a member, who becomes admin and owner; the old owner stays an admin', async () => {
    const { space, admin, editor } = await f.team();
    const outsider = await t.createUser();
    const refused = await f.call(operator.id, 'PUT', `${SPACES}/${space.id}/owner`, { user_id: outsider.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/must be a member/);
    const res = await f.call(operator.id, 'PUT', `${SPACES}/${space.id}/owner`, { user_id: editor.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().owner).toEqual({ id: editor.id, username: editor.username });
    expect(await rolesOf(space.id)).toEqual({
      [admin.id]: ['role:pro-admin'],
      [editor.id]: ['role:pro-admin'],
    });
    // Back again: the first admin is the owner once more.
    const back = await f.call(operator.id, 'PUT', `${SPACES}/${space.id}/owner`, { user_id: admin.id });
    expect(back.json().owner.id).toBe(admin.id);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'space.owner_transferred'), eq(auditLog.targetId, space.id)));
    expect(entry?.details).toEqual({ from: admin.id, to: editor.id });
  });

  it('says what a delete takes, then deletes the space with its devices and data', async () => {
    const { space, admin, student } = await f.school();
    await f.device(admin.id, {}, space.id);
    await f.thing(admin.id, {}, space.id);
    const summary = await f.call(operator.id, 'GET', `${SPACES}/${space.id}/deletion`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      name: space.name,
      members: 2,
      devices: 1,
      things: 1,
      dashboards: 0,
      triggers: 0,
      sketches: 0,
    });
    const gone = await f.call(operator.id, 'DELETE', `${SPACES}/${space.id}`);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await t.db.select().from(iotDevices).where(eq(iotDevices.organizationId, space.id))).length).toBe(
      0,
    );
    expect((await f.call(student.id, 'GET', '/classroom/v1/organizations')).json().organizations).toEqual([]);
    expect((await f.call(operator.id, 'GET', `${SPACES}/${space.id}/deletion`)).statusCode).toBe(404);
    expect((await f.call(operator.id, 'DELETE', `${SPACES}/${space.id}`)).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'space.deleted'), eq(auditLog.targetId, space.id)));
    expect(entry).toMatchObject({ targetLabel: space.name, details: { devices: 1, things: 1, members: 2 } });
  });
});
