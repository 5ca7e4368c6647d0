/**
 * Consent to membership: an invitation grants nothing until its invitee accepts it, only the invitee can
 * answer it, and minors never receive one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Account } from '../accounts/account.types.ts';
import { spaceTestApp } from '../spaces/spaces.fixtures.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

const ORGS = '/classroom/v1/organizations';
const MINE = '/classroom/v1/invitations';
const members = (orgId: string) => `${ORGS}/${orgId}/members`;

async function invite(inviterId: string, orgId: string, login: string, role: string) {
  const res = await f.call(inviterId, 'POST', members(orgId), { members: [{ login, role }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invitations[0].id as string;
}
const received = async (user: Account) => (await f.call(user.id, 'GET', MINE)).json().invitations;
const accept = (user: Account, id: string) => f.call(user.id, 'POST', `${MINE}/${id}/accept`);
const decline = (user: Account, id: string) => f.call(user.id, 'POST', `${MINE}/${id}/decline`);
const spaceIds = async (user: Account) =>
  (await f.call(user.id, 'GET', ORGS)).json().organizations.map((o: { id: string }) => o.id);

/** Every way into a space's data; each must refuse someone who is not (yet) a member. */
function spaceCalls(orgId: string) {
  const inSpace = { 'x-organization': orgId };
  return [
    ['GET members', 'GET', members(orgId), undefined, {}],
    ['POST members', 'POST', members(orgId), { members: [{ login: 'x', role: 'role:pro-editor' }] }, {}],
    ['GET join code', 'GET', `${ORGS}/${orgId}/code`, undefined, {}],
    ['PATCH space', 'PATCH', `${ORGS}/${orgId}`, { name: 'Mine now' }, {}],
    ['leave', 'DELETE', `${members(orgId)}/me/membership`, undefined, {}],
    ['GET branding', 'GET', `/customization/v1/customizable/ofOrg/${orgId}`, undefined, {}],
    ['GET recap', 'GET', '/restrictions/v1/recap/me', undefined, inSpace],
    ['GET IoT devices', 'GET', '/iot/v2/devices', undefined, inSpace],
    ['GET IoT things', 'GET', '/iot/v2/things', undefined, inSpace],
    ['GET groups list', 'GET', '/groups/v1/devices', undefined, inSpace],
  ] as const;
}

describe('invitations', () => {
  it('give an invited user nothing of the space until they accept; then what the role allows', async () => {
    const admin = await t.createUser({ name: 'Grace Hopper' });
    const invitee = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const id = await invite(admin.id, org.id, invitee.username, 'role:pro-editor');

    expect(await spaceIds(invitee)).toEqual([]);
    for (const [name, method, url, body, headers] of spaceCalls(org.id)) {
      const res = await f.call(invitee.id, method, url, body, headers);
      expect([403, 404], `${name}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.body).not.toContain(admin.email);
    }

    expect(await received(invitee)).toEqual([
      {
        id,
        organization_id: org.id,
        organization_name: org.name,
        space: 'pro',
        roles: ['role:pro-editor'],
        invited_by: 'Grace Hopper',
        invited_at: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    const accepted = await accept(invitee, id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organization_id: org.id });

    const spaces = (await f.call(invitee.id, 'GET', ORGS)).json().organizations;
    expect(spaces).toMatchObject([{ id: org.id, roles: ['role:pro-editor'], members: 2 }]);
    const list = (await f.call(admin.id, 'GET', members(org.id))).json();
    expect(list.invitations).toEqual([]);
    expect(list.members.find((m: { id: string }) => m.id === invitee.id)).toMatchObject({
      email: invitee.email,
      roles: ['role:pro-editor'],
    });
    const inSpace = { 'x-organization': org.id };
    expect((await f.call(invitee.id, 'GET', '/iot/v2/devices', undefined, inSpace)).statusCode).toBe(200);
    expect(
      (await f.call(invitee.id, 'GET', '/restrictions/v1/recap/me', undefined, inSpace)).statusCode,
    ).toBe(200);
    expect(await received(invitee)).toEqual([]);
    expect((await accept(invitee, id)).statusCode).toBe(404);
  });

  it('can be seen and answered by the invitee only', async () => {
    const admin = await t.createUser();
    const invitee = await t.createUser();
    const other = await t.createUser();
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const id = await invite(admin.id, org.id, invitee.username, 'role:edu-teacher');

    expect(await received(other)).toEqual([]);
    for (const who of [other, admin]) {
      const a = await accept(who, id);
      const d = await decline(who, id);
      expect([a.statusCode, d.statusCode]).toEqual([404, 404]);
      expect(a.json().detail).toBe('Invitation not found');
    }
    expect(await spaceIds(other)).toEqual([]);
    expect((await f.call(admin.id, 'GET', members(org.id))).json().invitations).toHaveLength(1);
    expect(await received(invitee)).toHaveLength(1);
    expect((await f.call(other.id, 'POST', `${MINE}/not-a-uuid/accept`)).statusCode).toBe(400);
  });

  it('are deleted when declined, and give nothing', async () => {
    const admin = await t.createUser();
    const invitee = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const id = await invite(admin.id, org.id, invitee.username, 'role:pro-admin');
    expect((await decline(invitee, id)).statusCode).toBe(204);
    expect(await received(invitee)).toEqual([]);
    expect((await f.call(admin.id, 'GET', members(org.id))).json().invitations).toEqual([]);
    expect((await accept(invitee, id)).statusCode).toBe(404);
    expect((await decline(invitee, id)).statusCode).toBe(404);
    expect(await spaceIds(invitee)).toEqual([]);
  });

  it('never reach a minor, and the inviter cannot tell', async () => {
    const admin = await t.createUser();
    const adult = await f.verified(await t.createUser());
    const kid = await f.verified(await t.createUser({ isMinor: true, birthday: '2013-03-04' }));
    const school = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const team = await f.space('pro', [[admin.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });

    const toKid = await f.call(admin.id, 'POST', members(school.id), {
      members: [
        { login: kid.username, role: 'role:edu-student' },
        { login: 'someone-else', role: 'role:edu-student' },
      ],
    });
    const toNobody = await f.call(admin.id, 'POST', members(team.id), {
      members: [
        { login: 'no-such-person', role: 'role:pro-editor' },
        { login: kid.email, role: 'role:pro-editor' },
      ],
    });
    const toAdult = await f.call(admin.id, 'POST', members(team.id), {
      members: [{ login: adult.email, role: 'role:pro-editor' }],
    });
    for (const res of [toKid, toNobody, toAdult]) {
      expect(res.statusCode).toBe(201);
      expect(res.body).not.toMatch(/minor/i);
    }

    expect(await received(kid)).toEqual([]);
    const ids = [...toKid.json().invitations, ...toNobody.json().invitations].map(
      (i: { id: string }) => i.id,
    );
    for (const id of ids) expect((await accept(kid, id)).statusCode).toBe(404);
    expect(await spaceIds(kid)).toEqual([]);
    // The adult's mail arrives; none ever goes to the minor.
    await vi.waitFor(
      async () => {
        expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, adult.email))).toHaveLength(1);
      },
      { timeout: 15_000 },
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, kid.email))).toEqual([]);
    // A minor still joins a school by its code.
    const joined = await f.call(kid.id, 'POST', `${ORGS}/self-invitation/members`, { code: school.joinCode });
    expect(joined.statusCode).toBe(201);
  });

  it('typed as an e-mail address reach its owner once the address is verified', async () => {
    const admin = await t.createUser();
    const unverified = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const id = await invite(admin.id, org.id, unverified.email, 'role:pro-editor');
    expect(await received(unverified)).toEqual([]);
    expect((await accept(unverified, id)).statusCode).toBe(404);
    const owner = await f.verified(unverified);
    expect((await received(owner)).map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await accept(owner, id)).statusCode).toBe(200);
    expect(await spaceIds(owner)).toEqual([org.id]);
  });

  it('check seats when accepted, under the space lock', async () => {
    const admin = await t.createUser();
    const [a, b, c] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']], {
      planId: 'cloud-classroom',
      planSeats: 2,
    });
    const ids = [
      await invite(admin.id, org.id, a.username, 'role:edu-student'),
      await invite(admin.id, org.id, b.username, 'role:edu-student'),
      await invite(admin.id, org.id, c.username, 'role:edu-student'),
    ];
    // One seat left, three acceptances at once: exactly one gets it.
    const results = await Promise.all([
      accept(a, ids[0] ?? ''),
      accept(b, ids[1] ?? ''),
      accept(c, ids[2] ?? ''),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().detail).toBe('This space has no free seats (2 of 2 used).');
    expect((await f.call(admin.id, 'GET', members(org.id))).json().members).toHaveLength(2);

    // A new team space has no plan yet: it takes invited members (only joining by code needs the plan).
    const fresh = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const res = await accept(b, await invite(admin.id, fresh.id, b.username, 'role:pro-editor'));
    expect(res.statusCode).toBe(200);
  });

  it('are answered by joining with the code', async () => {
    const admin = await t.createUser();
    const invitee = await t.createUser();
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const id = await invite(admin.id, org.id, invitee.username, 'role:edu-teacher');
    const joined = await f.call(invitee.id, 'POST', `${ORGS}/self-invitation/members`, {
      code: org.joinCode,
    });
    expect(joined.statusCode).toBe(201);
    expect(await received(invitee)).toEqual([]);
    expect((await accept(invitee, id)).statusCode).toBe(404);
    const list = (await f.call(admin.id, 'GET', members(org.id))).json();
    expect(list.invitations).toEqual([]);
    expect(list.members.find((m: { id: string }) => m.id === invitee.id)?.roles).toEqual([
      'role:edu-student',
    ]);
  });
});
