import { afterAll, describe, expect, it } from 'vitest';
import { spaceTestApp } from './spaces.fixtures.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

const ORGS = '/classroom/v1/organizations';

describe('spaces API', () => {
  it('creates a space whose creator is its admin, and lists only the caller’s spaces', async () => {
    const ada = await t.createUser();
    const bob = await t.createUser();
    const res = await f.call(ada.id, 'POST', ORGS, {
      name: 'Galileo High',
      space: 'edu',
      type: 'High School',
      country: 'IT',
    });
    expect(res.statusCode).toBe(201);
    const space = res.json();
    expect(space).toEqual({
      id: expect.any(String),
      name: 'Galileo High',
      space: 'edu',
      plan_id: null,
      plan_name: null,
      plan_seats: null,
      members: 1,
      roles: ['role:edu-admin'],
      country: 'IT',
      type: 'High School',
      logo: null,
      second_logo: null,
    });
    const team = await f.call(bob.id, 'POST', ORGS, { name: 'Acme', space: 'pro' });
    expect(team.json()).toMatchObject({ roles: ['role:pro-admin'], type: '', country: '' });

    const adaList = (await f.call(ada.id, 'GET', ORGS)).json().organizations;
    expect(adaList.map((s: { id: string }) => s.id)).toEqual([space.id]);
    const bobList = (await f.call(bob.id, 'GET', ORGS)).json().organizations;
    expect(bobList.map((s: { name: string }) => s.name)).toEqual(['Acme']);
    expect(JSON.stringify(bobList)).not.toContain('my-cloud');
  });

  it('shows each member their own roles, the member count and the plan name', async () => {
    const { space: org, student } = await f.school({ planId: 'cloud-classroom', planSeats: 30 });
    const [mine] = (await f.call(student.id, 'GET', ORGS)).json().organizations;
    expect(mine).toMatchObject({
      id: org.id,
      roles: ['role:edu-student'],
      members: 2,
      plan_id: 'cloud-classroom',
      plan_name: 'School',
      plan_seats: 30,
    });
  });

  it('reads an expired plan as no plan', async () => {
    const admin = await t.createUser();
    await f.space('pro', [[admin.id, 'role:pro-admin']], {
      planId: 'cloud-enterprise',
      planSeats: 10,
      planExpiresAt: new Date(Date.now() - 1000),
    });
    const [space] = (await f.call(admin.id, 'GET', ORGS)).json().organizations;
    expect(space).toMatchObject({ plan_id: null, plan_name: null, plan_seats: null });
  });

  it('refuses minors creating spaces, unknown countries, school types that do not exist and bad bodies', async () => {
    const kid = await t.createUser({ isMinor: true, birthday: '2014-01-01' });
    const adult = await t.createUser();
    const minor = await f.call(kid.id, 'POST', ORGS, { name: 'Kids club', space: 'edu' });
    expect(minor.statusCode).toBe(403);
    expect(minor.json().detail).toBe('Minors cannot create spaces.');
    expect(
      (await f.call(adult.id, 'POST', ORGS, { name: 'X', space: 'edu', country: 'QQ' })).statusCode,
    ).toBe(400);
    const type = await f.call(adult.id, 'POST', ORGS, { name: 'X', space: 'edu', type: 'Kindergarten' });
    expect(type.statusCode).toBe(400);
    expect(type.json().detail).toContain('Middle School');
    expect((await f.call(adult.id, 'POST', ORGS, { name: 'X', space: 'private' })).statusCode).toBe(400);
    expect((await f.call(adult.id, 'POST', ORGS, { name: '  ', space: 'pro' })).statusCode).toBe(400);
    expect((await f.call(null, 'POST', ORGS, { name: 'X', space: 'pro' })).statusCode).toBe(401);
    expect((await f.call(adult.id, 'GET', ORGS)).json().organizations).toEqual([]);
  });

  it('updates name, type and country; an empty update is refused', async () => {
    const admin = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const res = await f.call(admin.id, 'PATCH', `${ORGS}/${org.id}`, {
      name: 'Acme Robotics',
      type: 'Startup',
      country: 'DE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Acme Robotics', type: 'Startup', country: 'DE', members: 1 });
    for (const payload of [{}, undefined]) {
      const empty = await f.call(admin.id, 'PATCH', `${ORGS}/${org.id}`, payload);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().detail).toBe('Nothing to update');
    }
    expect((await f.call(admin.id, 'PATCH', `${ORGS}/${org.id}`, { country: 'XX' })).statusCode).toBe(400);
    expect((await f.call(admin.id, 'PATCH', `${ORGS}/not-a-uuid`, { name: 'x' })).statusCode).toBe(400);
    expect((await f.call(admin.id, 'PATCH', `${ORGS}/my-cloud`, { name: 'x' })).statusCode).toBe(400);
  });

  it('deletes a space with its memberships; outsiders get 404 and members without the right 403', async () => {
    const { space: org, admin, editor } = await f.team();
    const outsider = await t.createUser();
    expect((await f.call(outsider.id, 'DELETE', `${ORGS}/${org.id}`)).statusCode).toBe(404);
    expect((await f.call(editor.id, 'DELETE', `${ORGS}/${org.id}`)).statusCode).toBe(403);
    expect((await f.call(admin.id, 'DELETE', `${ORGS}/${org.id}`)).statusCode).toBe(204);
    expect((await f.call(editor.id, 'GET', ORGS)).json().organizations).toEqual([]);
    expect((await f.call(admin.id, 'DELETE', `${ORGS}/${org.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a space that does not exist, the same as for someone else’s', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const org = await f.space('edu', [[other.id, 'role:edu-admin']]);
    const theirs = await f.call(user.id, 'GET', `${ORGS}/${org.id}/code`);
    const none = await f.call(user.id, 'GET', `${ORGS}/00000000-0000-4000-8000-000000000000/code`);
    expect(theirs.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(theirs.json().detail).toBe(none.json().detail);
  });

  it('documents every route of the module in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/openapi.json')).json();
    for (const path of [
      '/classroom/v1/organizations',
      '/classroom/v1/organizations/{id}',
      '/classroom/v1/organizations/{id}/logo',
      '/classroom/v1/organizations/{id}/members',
      '/classroom/v1/organizations/{id}/members/{memberId}',
      '/classroom/v1/organizations/{id}/members/{memberId}/membership',
      '/classroom/v1/organizations/{id}/members/{memberId}/role',
      '/classroom/v1/organizations/{id}/invitations/{invitationId}',
      '/classroom/v1/invitations',
      '/classroom/v1/invitations/{id}/accept',
      '/classroom/v1/invitations/{id}/decline',
      '/classroom/v1/organizations/{id}/code',
      '/classroom/v1/organizations/{id}/kits',
      '/classroom/v1/organizations/self-invitation/members',
      '/users/v1/organizations/validate',
      '/restrictions/v1/recap/me',
      '/restrictions/v1/plans',
      '/restrictions/v1/renewals/{renewal_id}/activate',
      '/education/v2/kits',
      '/countries/v1',
      '/customization/v1/customizable/ofOrg/{organization_id}',
      '/customization/v1/customizable/{companyKey}',
      '/customization/v1/users/TosAcceptance/{companyKey}',
      '/customization/v1/deployments/by-host',
      '/storage/media/v1/{mediaId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
