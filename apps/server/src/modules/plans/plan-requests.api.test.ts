import { TRIGGERS_NEED_PLAN } from '@tinkercloud/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, organizations, users } from '../../db/schema/index.ts';
import type { Account } from '../accounts/account.types.ts';
import { iotTestApp, readWriteProperty } from '../iot/testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

let operator: Account;
beforeAll(async () => {
  operator = await t.createUser();
  await t.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
});

const REQUESTS = '/plans/v1/requests';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function notificationsOf(userId: string) {
  const res = await f.call(userId, 'GET', '/notifications');
  expect(res.statusCode).toBe(200);
  return res.json().notifications as {
    kind: string;
    title: string;
    body: string;
    data: Record<string, unknown>;
  }[];
}

async function lastMailTo(email: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** A user with a thing holding one property, ready to get a trigger. */
async function withProperty() {
  const user = await t.createUser();
  const thing = await f.thing(user.id, { properties: [readWriteProperty('temp', 'TEMPERATURE_C')] });
  const pid = thing.properties?.[0]?.id as string;
  const trigger = () =>
    f.call(user.id, 'PUT', '/iot/v1/triggers', {
      name: 'Hot',
      property_id: pid,
      condition: { operator: 'GT', value: 30 },
    });
  return { user, trigger };
}

describe('plan requests', () => {
  it('reaches the operators, and its grant unlocks triggers for the user (412 before, 201 after)', async () => {
    const { user, trigger } = await withProperty();
    const before = await trigger();
    expect(before.statusCode).toBe(412);
    expect(before.json().detail).toBe(TRIGGERS_NEED_PLAN);

    const asked = await f.call(user.id, 'POST', REQUESTS, {
      plan_id: 'create-maker',
      message: 'For my greenhouse',
    });
    expect(asked.statusCode).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({
      user: { id: user.id, username: user.username, email: user.email },
      plan_id: 'create-maker',
      plan_name: 'Maker',
      message: 'For my greenhouse',
      status: 'pending',
      decision_note: '',
    });
    expect(request.space).toBeUndefined();
    const again = await f.call(user.id, 'POST', REQUESTS, { plan_id: 'create-maker-plus' });
    expect(again.statusCode).toBe(409);

    const told = (await notificationsOf(operator.id)).find((n) => n.data.plan_request_id === request.id);
    expect(told).toMatchObject({ kind: 'plan_request', title: `Plan request from ${user.username}` });
    const pending = await f.call(operator.id, 'GET', '/admin/v1/plan-requests?status=pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().requests.map((r: { id: string }) => r.id)).toContain(request.id);
    expect((await f.call(user.id, 'GET', '/admin/v1/plan-requests')).statusCode).toBe(404);
    expect(
      (await f.call(user.id, 'POST', `/admin/v1/plan-requests/${request.id}/grant`, { note: '' })).statusCode,
    ).toBe(404);

    const endsAt = inDays(30);
    const granted = await f.call(operator.id, 'POST', `/admin/v1/plan-requests/${request.id}/grant`, {
      note: 'Enjoy',
      ends_at: endsAt,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'granted', decision_note: 'Enjoy' });
    expect(granted.json().decided_at).toEqual(expect.any(String));
    const recap = (await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json();
    expect(recap.plans).toEqual(['create-maker']);
    expect((await trigger()).statusCode).toBe(201);

    const mine = (await notificationsOf(user.id)).find((n) => n.data.plan_request_id === request.id);
    expect(mine).toMatchObject({ kind: 'plan_request.granted', title: 'Your Maker plan is active' });
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toMatch(/Maker plan/);
    expect(mail?.text).toContain(`It runs until ${endsAt.slice(0, 10)}.`);
    expect(mail?.text).toContain('Enjoy');
    const twice = await f.call(operator.id, 'POST', `/admin/v1/plan-requests/${request.id}/grant`, {});
    expect(twice.statusCode).toBe(409);
    expect((await f.call(user.id, 'GET', REQUESTS)).json().requests[0]).toMatchObject({ status: 'granted' });
  });

  it('declines with a note the user is told in-app and by mail', async () => {
    const user = await t.createUser();
    const { id } = (await f.call(user.id, 'POST', REQUESTS, { plan_id: 'create-maker-plus' })).json();
    const declined = await f.call(operator.id, 'POST', `/admin/v1/plan-requests/${id}/decline`, {
      note: 'Not this year',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decision_note: 'Not this year' });
    const told = (await notificationsOf(user.id)).find((n) => n.data.plan_request_id === id);
    expect(told).toMatchObject({ kind: 'plan_request.declined' });
    expect(told?.body).toContain('Not this year');
    const mail = await lastMailTo(user.email);
    expect(mail?.text).toContain('was declined');
    expect(mail?.text).toContain('Not this year');
    expect((await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json().plans).toEqual([]);
    // Decided: the user may ask again.
    expect((await f.call(user.id, 'POST', REQUESTS, { plan_id: 'create-maker' })).statusCode).toBe(201);
  });

  it('is withdrawn by its requester only', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const { id } = (await f.call(user.id, 'POST', REQUESTS, { plan_id: 'create-entry' })).json();
    expect((await f.call(other.id, 'DELETE', `${REQUESTS}/${id}`)).statusCode).toBe(404);
    const withdrawn = await f.call(user.id, 'DELETE', `${REQUESTS}/${id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await f.call(user.id, 'DELETE', `${REQUESTS}/${id}`)).statusCode).toBe(409);
    expect((await f.call(operator.id, 'POST', `/admin/v1/plan-requests/${id}/grant`, {})).statusCode).toBe(
      409,
    );
  });

  it('asks for a space’s plan as one of its admins; the grant sets plan and seats', async () => {
    const { space, admin, student } = await f.school({ planId: null });
    const outsider = await t.createUser();
    const body = { plan_id: 'cloud-classroom', space_id: space.id, seats: 40 };
    expect((await f.call(student.id, 'POST', REQUESTS, body)).statusCode).toBe(403);
    expect((await f.call(outsider.id, 'POST', REQUESTS, body)).statusCode).toBe(404);
    const asked = await f.call(admin.id, 'POST', REQUESTS, body);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ space: { id: space.id, name: space.name }, seats: 40 });
    // Their own My Cloud is another target: a request for it may wait beside.
    expect((await f.call(admin.id, 'POST', REQUESTS, { plan_id: 'create-entry' })).statusCode).toBe(201);
    const granted = await f.call(operator.id, 'POST', `/admin/v1/plan-requests/${asked.json().id}/grant`, {});
    expect(granted.statusCode).toBe(200);
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, space.id));
    expect(row).toMatchObject({ planId: 'cloud-classroom', planSeats: 40, planExpiresAt: null });
  });

  it('refuses a plan that does not fit its target, an unknown plan and seats for My Cloud (400)', async () => {
    const user = await t.createUser();
    const { space, admin } = await f.team({ planId: null });
    const wrong = await f.call(user.id, 'POST', REQUESTS, { plan_id: 'cloud-classroom' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation_error', name: 'Validation error', status: 400 });
    expect(wrong.json().detail).toMatch(/is not a plan for My Cloud/);
    const wrongSpace = await f.call(admin.id, 'POST', REQUESTS, {
      plan_id: 'cloud-classroom',
      space_id: space.id,
    });
    expect(wrongSpace.statusCode).toBe(400);
    expect(wrongSpace.json().detail).toMatch(/is not a plan for a pro space; use cloud-enterprise/);
    const unknown = await f.call(user.id, 'POST', REQUESTS, { plan_id: 'gold' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/^Unknown plan "gold"/);
    expect((await f.call(user.id, 'POST', REQUESTS, { plan_id: 'create-maker', seats: 3 })).statusCode).toBe(
      400,
    );
    const { id } = (await f.call(user.id, 'POST', REQUESTS, { plan_id: 'create-maker' })).json();
    const past = await f.call(operator.id, 'POST', `/admin/v1/plan-requests/${id}/grant`, {
      ends_at: inDays(-1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toBe('body/ends_at: must be in the future');
  });
});
