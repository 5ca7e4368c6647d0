import {
  type AdminPlan,
  FREE_LIMITS,
  type OperatorPlanLimits,
  PLAN_LIMITS,
  planLimitReachedText,
} from '@tinkercloud/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { openSameDatabase, openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { type IotFixtures, iotFixtures } from '../iot/testing/iot-fixtures.ts';

/**
 * The operator's plan numbers (issue 27) on two server processes sharing one database: what one changes, the
 * other applies at the very next request.
 */
let database: TestDatabase;
let second: TestDatabase;
let a: TestApp;
let b: TestApp;
let fa: IotFixtures;
let fb: IotFixtures;
let operatorId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  second = await openSameDatabase(database);
  a = await createTestApp({}, { database });
  b = await createTestApp({}, { database: second });
  fa = iotFixtures(a);
  fb = iotFixtures(b);
  const operator = await a.createUser();
  await a.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));
  operatorId = operator.id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await second?.close();
  await database?.close();
});

const RECAP = '/restrictions/v1/recap/me';

async function planOf(id: string): Promise<AdminPlan> {
  const res = await fa.call(operatorId, 'GET', '/admin/v1/plans');
  expect(res.statusCode).toBe(200);
  const plan = (res.json().plans as AdminPlan[]).find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
}

/** Sets some of a plan's numbers through A, the rest staying the built-in ones. */
async function setLimits(id: string, changes: Partial<OperatorPlanLimits>) {
  const base =
    id === 'free'
      ? (await fa.call(operatorId, 'GET', '/admin/v1/plans')).json().free
      : (await planOf(id)).builtin;
  return fa.call(operatorId, 'PUT', `/admin/v1/plans/${id}`, { limits: { ...base, ...changes } });
}

describe('plan settings of the operator', () => {
  it('is not there for anyone but an operator (404)', async () => {
    const user = await a.createUser();
    const limits = (await planOf('create-maker')).builtin;
    for (const [method, url, body] of [
      ['GET', '/admin/v1/plans', undefined],
      ['PUT', '/admin/v1/plans/create-maker', { limits }],
      ['DELETE', '/admin/v1/plans/create-maker', undefined],
      ['PUT', '/admin/v1/plan-defaults', { user: null, edu: null, pro: null }],
    ] as const) {
      const res = await fa.call(user.id, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await planOf('create-maker')).customized).toBe(false);
  });

  it('lists every plan with its built-in numbers, today’s limits, and the free tier', async () => {
    const res = await fa.call(operatorId, 'GET', '/admin/v1/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.free).toEqual({
      cloud_things: 2,
      devices: null,
      cloud_api: 0,
      cloud_triggers: 0,
      ota: false,
      retention_days: 1,
      create_sketches_disk: FREE_LIMITS.create_sketches_disk,
      create_compilation_day: 25,
    });
    const maker = (body.plans as AdminPlan[]).find((p) => p.id === 'create-maker');
    expect(maker).toMatchObject({ name: 'Maker', scope: 'user', customized: false });
    expect(maker?.limits).toEqual(maker?.builtin);
    expect(maker?.builtin).toMatchObject({
      cloud_things: 25,
      cloud_api: 1000,
      cloud_triggers: 10,
      retention_days: 92,
    });
    expect(body.defaults).toEqual({ user: null, edu: null, pro: null });
  });

  it('applies a change made through one process at the next request of the other, and DELETE restores it', async () => {
    const user = await b.createUser();
    await fb.grantPlan(user.id, 'create-maker');
    await fb.thing(user.id);

    const lowered = await setLimits('create-maker', { cloud_things: 1 });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toMatchObject({
      id: 'create-maker',
      customized: true,
      limits: { cloud_things: 1 },
    });
    const refused = await fb.call(user.id, 'PUT', '/iot/v2/things', { name: 'Second' });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().detail).toBe(planLimitReachedText(1, 1, 'things'));
    expect((await fb.call(user.id, 'GET', RECAP)).json().limits.cloud_things).toBe(1);

    expect((await setLimits('create-maker', { cloud_things: 3 })).statusCode).toBe(200);
    expect((await fb.call(user.id, 'PUT', '/iot/v2/things', { name: 'Second' })).statusCode).toBe(201);

    const reset = await fa.call(operatorId, 'DELETE', '/admin/v1/plans/create-maker');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().customized).toBe(false);
    expect(reset.json().limits).toEqual(reset.json().builtin);
    expect((await fb.call(user.id, 'GET', RECAP)).json().limits).toEqual(PLAN_LIMITS['create-maker']);
    const [audited] = await a.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.limits_changed'), eq(auditLog.targetId, 'create-maker')));
    expect(audited?.n).toBe(3);
  });

  it('limits devices where they are created (412 with the plan-limit text), also on the free tier', async () => {
    const user = await b.createUser();
    expect((await setLimits('free', { devices: 1 })).statusCode).toBe(200);
    await fb.device(user.id);
    const refused = await fb.call(user.id, 'PUT', '/iot/v2/devices', { type: 'mkrwifi1010' });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({
      code: 'precondition_failed',
      status: 412,
      detail: planLimitReachedText(1, 1, 'devices'),
    });
    const lora = await fb.call(user.id, 'PUT', '/iot/v1/lora-devices/', {
      name: 'L',
      type: 'mkrwan1310',
      eui: '0011223344556677',
      user_id: 'me',
      app: 'greenhouse',
      frequency_plan: 'EU_863_870_TTN',
    });
    expect(lora.statusCode).toBe(412);
    expect((await fa.call(operatorId, 'DELETE', '/admin/v1/plans/free')).statusCode).toBe(200);
    expect((await fb.call(user.id, 'PUT', '/iot/v2/devices', { type: 'mkrwifi1010' })).statusCode).toBe(201);
  });

  it('drives the telemetry retention by each plan’s retention_days', async () => {
    expect(await b.telemetry.currentRetentionDays()).toEqual({
      free: 1,
      entry: 15,
      maker: 92,
      'maker-plus': 366,
    });
    expect((await setLimits('free', { retention_days: 3 })).statusCode).toBe(200);
    expect((await setLimits('cloud-enterprise', { retention_days: 730 })).statusCode).toBe(200);
    // Team keeps values in Maker Plus's class: the class keeps them as long as its longest plan says.
    expect(await b.telemetry.currentRetentionDays()).toEqual({
      free: 3,
      entry: 15,
      maker: 92,
      'maker-plus': 730,
    });
    await fa.call(operatorId, 'DELETE', '/admin/v1/plans/free');
    await fa.call(operatorId, 'DELETE', '/admin/v1/plans/cloud-enterprise');
    expect(await b.telemetry.currentRetentionDays()).toEqual({
      free: 1,
      entry: 15,
      maker: 92,
      'maker-plus': 366,
    });
  });

  it('refuses an unknown plan and bad numbers with 400 in the error shape', async () => {
    const limits = (await planOf('create-maker')).builtin;
    const unknownPlan = await fa.call(operatorId, 'PUT', '/admin/v1/plans/nope', { limits });
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json()).toEqual({
      code: 'validation_error',
      name: 'Validation error',
      detail: expect.stringMatching(/^Unknown plan "nope"\. Plans: free, tinkercloud, create-entry/),
      id: expect.any(String),
      status: 400,
      url: '/admin/v1/plans/nope',
    });
    expect((await fa.call(operatorId, 'DELETE', '/admin/v1/plans/nope')).statusCode).toBe(400);
    const negative = await fa.call(operatorId, 'PUT', '/admin/v1/plans/create-maker', {
      limits: { ...limits, cloud_things: -1 },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().code).toBe('validation_error');
  });
});

describe('default plans', () => {
  it('gives a new account and a new school space the console’s defaults, at once on the other process', async () => {
    const set = await fa.call(operatorId, 'PUT', '/admin/v1/plan-defaults', {
      user: 'create-maker',
      edu: 'cloud-classroom',
      pro: null,
    });
    expect(set.statusCode).toBe(200);
    expect((await fa.call(operatorId, 'GET', '/admin/v1/plans')).json().defaults).toEqual({
      user: 'create-maker',
      edu: 'cloud-classroom',
      pro: null,
    });
    const user = await b.createUser();
    const recap = (await fb.call(user.id, 'GET', RECAP)).json();
    expect(recap.plans).toEqual(['create-maker']);
    expect(recap.limits).toEqual(PLAN_LIMITS['create-maker']);
    const school = await fb.call(user.id, 'POST', '/classroom/v1/organizations', { name: 'S', space: 'edu' });
    expect(school.statusCode).toBe(201);
    expect(school.json()).toMatchObject({ plan_id: 'cloud-classroom' });
    const team = await fb.call(user.id, 'POST', '/classroom/v1/organizations', { name: 'T', space: 'pro' });
    expect(team.json().plan_id).toBeFalsy();
    await fa.call(operatorId, 'PUT', '/admin/v1/plan-defaults', { user: null, edu: null, pro: null });
    expect((await fb.call((await b.createUser()).id, 'GET', RECAP)).json().plans).toEqual([]);
  });

  it('refuses a default of the wrong scope or an unknown plan (400)', async () => {
    const wrong = await fa.call(operatorId, 'PUT', '/admin/v1/plan-defaults', {
      user: 'cloud-classroom',
      edu: null,
      pro: null,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation_error', status: 400 });
    expect(wrong.json().detail).toMatch(/^user: "cloud-classroom" is not a My Cloud plan/);
    const unknown = await fa.call(operatorId, 'PUT', '/admin/v1/plan-defaults', {
      user: null,
      edu: 'nope',
      pro: null,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/^edu: unknown plan "nope"/);
  });

  it('starts from DEFAULT_PLAN and DEFAULT_SCHOOL_PLAN of the environment', async () => {
    const c = await createTestApp({ DEFAULT_PLAN: 'create-entry', DEFAULT_SCHOOL_PLAN: 'cloud-classroom' });
    try {
      const fc = iotFixtures(c);
      const user = await c.createUser();
      expect((await fc.call(user.id, 'GET', RECAP)).json().plans).toEqual(['create-entry']);
      const school = await fc.call(user.id, 'POST', '/classroom/v1/organizations', {
        name: 'S',
        space: 'edu',
      });
      expect(school.json().plan_id).toBe('cloud-classroom');
    } finally {
      await c.close();
    }
  });
});
