import { FREE_LIMITS, PLAN_LIMITS } from '@tinkercloud/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { spaceTestApp } from '../spaces/spaces.fixtures.ts';
import { createPlansRepository } from './plans.repository.ts';
import { applyUserPlan } from './plans.service.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

const RECAP = '/restrictions/v1/recap/me';
const zeroUsage = {
  cloud_things: 0,
  cloud_api_clients: 0,
  create_disk_sketches: 0,
  create_compilation_day: 0,
  devices: 0,
  lora_devices: 0,
};

describe('plans and recap', () => {
  it('lists the catalogue with names and limits', async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'GET', '/restrictions/v1/plans');
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans;
    expect(plans.map((p: { id: string; name: string }) => [p.id, p.name])).toEqual([
      ['tinkercloud', 'Tinkercloud'],
      ['create-entry', 'Entry'],
      ['create-maker', 'Maker'],
      ['create-maker-plus', 'Maker Plus'],
      ['cloud-enterprise', 'Team'],
      ['cloud-classroom', 'School'],
    ]);
    expect(plans[4].limits).toEqual(PLAN_LIMITS['cloud-enterprise']);
  });

  it('gives My Cloud the free limits without a plan and the best plan’s limits with several', async () => {
    const user = await t.createUser();
    expect((await f.call(user.id, 'GET', RECAP)).json()).toEqual({
      plans: [],
      usage: zeroUsage,
      limits: FREE_LIMITS,
    });
    await applyUserPlan(t.db, user.id, 'create-maker-plus', 30);
    await applyUserPlan(t.db, user.id, 'create-entry', null);
    await createPlansRepository(t.db).upsertUserPlan(user.id, 'create-maker', new Date(Date.now() - 1000));
    const recap = (await f.call(user.id, 'GET', RECAP, undefined, { 'x-organization': 'my-cloud' })).json();
    expect(recap.plans).toEqual(['create-entry', 'create-maker-plus']);
    expect(recap.limits).toEqual(PLAN_LIMITS['create-maker-plus']);
  });

  it('gives a space its plan, member count and limits; members without plan.read get 403, others 404', async () => {
    const { space: org, admin, student } = await f.school({ planId: 'cloud-classroom' });
    const outsider = await t.createUser();
    const headers = { 'x-organization': org.id };
    const res = await f.call(admin.id, 'GET', RECAP, undefined, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plans: ['cloud-classroom'],
      usage: { ...zeroUsage, members: 2 },
      limits: PLAN_LIMITS['cloud-classroom'],
    });
    expect((await f.call(student.id, 'GET', RECAP, undefined, headers)).statusCode).toBe(403);
    expect((await f.call(outsider.id, 'GET', RECAP, undefined, headers)).statusCode).toBe(404);
    expect((await f.call(admin.id, 'GET', RECAP, undefined, { 'x-organization': 'nope' })).statusCode).toBe(
      400,
    );
  });

  it('answers an expired team space with no plans and the free limits', async () => {
    const admin = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']], {
      planId: 'cloud-enterprise',
      planExpiresAt: new Date(Date.now() - 60_000),
    });
    const recap = (await f.call(admin.id, 'GET', RECAP, undefined, { 'x-organization': org.id })).json();
    expect(recap.plans).toEqual([]);
    expect(recap.limits).toEqual(FREE_LIMITS);
  });

  it('activates a renewal once, for its own user only', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const repo = createPlansRepository(t.db);
    await repo.insertRenewal({ id: 'renew-user-0001', userId: user.id, planId: 'create-maker', days: 30 });
    const url = '/restrictions/v1/renewals/renew-user-0001/activate';
    expect((await f.call(other.id, 'POST', url)).statusCode).toBe(404);
    const ok = await f.call(user.id, 'POST', url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ plan_id: 'create-maker', message: 'Plan activated successfully.' });
    expect((await f.call(user.id, 'GET', RECAP)).json().plans).toEqual(['create-maker']);
    const twice = await f.call(user.id, 'POST', url);
    expect(twice.statusCode).toBe(409);
    expect(
      (await f.call(user.id, 'POST', '/restrictions/v1/renewals/unknown-renewal/activate')).statusCode,
    ).toBe(404);
    expect((await f.call(user.id, 'POST', '/restrictions/v1/renewals/x/activate')).statusCode).toBe(400);
  });

  it('activates a space renewal for an admin, with its seats, and extends a running plan', async () => {
    const { space: org, admin, editor } = await f.team();
    const repo = createPlansRepository(t.db);
    await repo.insertRenewal({
      id: 'renew-space-001',
      organizationId: org.id,
      planId: 'cloud-enterprise',
      seats: 12,
      days: 10,
    });
    const url = '/restrictions/v1/renewals/renew-space-001/activate';
    expect((await f.call(editor.id, 'POST', url)).statusCode).toBe(403);
    expect((await f.call(admin.id, 'POST', url)).statusCode).toBe(200);
    const [space] = (await f.call(admin.id, 'GET', '/classroom/v1/organizations')).json().organizations;
    expect(space).toMatchObject({ plan_id: 'cloud-enterprise', plan_name: 'Team', plan_seats: 12 });

    await repo.insertRenewal({
      id: 'renew-space-002',
      organizationId: org.id,
      planId: 'cloud-enterprise',
      days: 10,
    });
    expect(
      (await f.call(admin.id, 'POST', '/restrictions/v1/renewals/renew-space-002/activate')).statusCode,
    ).toBe(200);
    const [row] = await t.db.query.organizations.findMany({ where: (o, { eq }) => eq(o.id, org.id) });
    const days = ((row?.planExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(19.9);
    expect(row?.planSeats).toBe(12);
  });
});
