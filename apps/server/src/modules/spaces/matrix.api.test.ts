/**
 * The role × space × endpoint matrix (issue 3, item 6): every kind of user against every space-touching
 * endpoint, in both kinds of space. Expected statuses come from ROLE_PERMISSIONS through rolesAllow (the
 * same table the Roles & Permissions page shows), plus the structural rules named beside each endpoint.
 * Every refused call must leave the space exactly as it was and must not leak a member's e-mail.
 */
import { ADMIN_ROLE, type Role, rolesAllow, type SpaceAction } from '@tinkercloud/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  branding,
  media,
  memberships,
  organizations,
  planRenewals,
  spaceInvitations,
} from '../../db/schema/index.ts';
import type { Account } from '../accounts/account.types.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import { createInvitationsRepository } from '../members/invitations.repository.ts';
import { createPlansRepository } from '../plans/plans.repository.ts';
import { multipart, PNG, spaceFixtures } from './spaces.fixtures.ts';
import { createSpacesRepository } from './spaces.repository.ts';

type Kind = 'edu' | 'pro';
interface ActorSpec {
  name: string;
  kind: Kind;
  /** The role held in the space under test; null for someone outside it. */
  role: Role | null;
  minor: boolean;
}

const ACTORS: ActorSpec[] = [
  { name: 'edu-admin', kind: 'edu', role: 'role:edu-admin', minor: false },
  { name: 'edu-teacher', kind: 'edu', role: 'role:edu-teacher', minor: false },
  { name: 'edu-student', kind: 'edu', role: 'role:edu-student', minor: false },
  { name: 'minor student member', kind: 'edu', role: 'role:edu-student', minor: true },
  { name: 'non-member adult', kind: 'edu', role: null, minor: false },
  { name: 'non-member minor', kind: 'edu', role: null, minor: true },
  { name: 'pro-admin', kind: 'pro', role: 'role:pro-admin', minor: false },
  { name: 'pro-editor', kind: 'pro', role: 'role:pro-editor', minor: false },
  { name: 'non-member adult', kind: 'pro', role: null, minor: false },
  // A minor cannot be a member of a pro space: they only appear outside it.
  { name: 'non-member minor', kind: 'pro', role: null, minor: true },
];

/** 404 outside the space, 403 without the permission, `ok` with it. */
const gate = (a: ActorSpec, action: SpaceAction, ok: number) =>
  a.role === null ? 404 : rolesAllow([a.role], action) ? ok : 403;

interface Ctx {
  t: TestApp;
  orgId: string;
  actorId: string;
  targetId: string;
  invitee: Account;
  /** A pending invitation of the space, addressed to someone who is none of the actors. */
  invitationId: string;
  code: string;
  renewalId: string;
  call: ReturnType<typeof spaceFixtures>['call'];
}

interface Endpoint {
  name: string;
  expected(a: ActorSpec): number;
  run(c: Ctx, a: ActorSpec): Promise<{ statusCode: number; body: string }>;
}

const ORG = (c: Ctx) => `/classroom/v1/organizations/${c.orgId}`;
const otherRole = (kind: Kind): Role => (kind === 'edu' ? 'role:edu-teacher' : 'role:pro-admin');
const baseRole = (kind: Kind): Role => (kind === 'edu' ? 'role:edu-student' : 'role:pro-editor');

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET organizations (lists the space only to members)',
    expected: () => 200,
    run: (c) => c.call(c.actorId, 'GET', '/classroom/v1/organizations'),
  },
  {
    name: 'PATCH space',
    expected: (a) => gate(a, 'space.update', 200),
    run: (c) => c.call(c.actorId, 'PATCH', ORG(c), { name: 'Renamed', country: 'FR' }),
  },
  {
    name: 'DELETE space',
    expected: (a) => gate(a, 'space.delete', 204),
    run: (c) => c.call(c.actorId, 'DELETE', ORG(c)),
  },
  {
    name: 'POST logo',
    expected: (a) => gate(a, 'space.logo', 200),
    run: async (c) => {
      const form = multipart('logo', PNG);
      const token = await c.t.tokenFor(c.actorId);
      return c.t.app.inject({
        method: 'POST',
        url: `${ORG(c)}/logo?type=second`,
        headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
        payload: form.body,
      });
    },
  },
  {
    name: 'DELETE logo',
    expected: (a) => gate(a, 'space.logo', 204),
    run: (c) => c.call(c.actorId, 'DELETE', `${ORG(c)}/logo`),
  },
  {
    name: 'GET members',
    expected: (a) => gate(a, 'members.read', 200),
    run: (c) => c.call(c.actorId, 'GET', `${ORG(c)}/members`),
  },
  {
    name: 'POST members (the base role: student / editor)',
    expected: (a) => gate(a, 'members.invite', 201),
    run: (c, a) =>
      c.call(c.actorId, 'POST', `${ORG(c)}/members`, {
        members: [{ login: c.invitee.username, role: baseRole(a.kind) }],
      }),
  },
  {
    // The invitation waits for someone else: withdrawing it takes members.invite (base-role invitation).
    name: 'DELETE pending invitation (withdraw)',
    expected: (a) => gate(a, 'members.invite', 204),
    run: (c) => c.call(c.actorId, 'DELETE', `${ORG(c)}/invitations/${c.invitationId}`),
  },
  {
    // Only the invitee may answer an invitation: for everyone else it does not exist.
    name: "POST accept someone else's invitation",
    expected: () => 404,
    run: (c) => c.call(c.actorId, 'POST', `/classroom/v1/invitations/${c.invitationId}/accept`),
  },
  {
    name: "POST decline someone else's invitation",
    expected: () => 404,
    run: (c) => c.call(c.actorId, 'POST', `/classroom/v1/invitations/${c.invitationId}/decline`),
  },
  {
    name: 'GET own invitations (never lists someone else’s)',
    expected: () => 200,
    run: (c) => c.call(c.actorId, 'GET', '/classroom/v1/invitations'),
  },
  {
    name: 'DELETE member',
    expected: (a) => gate(a, 'members.remove', 204),
    run: (c) => c.call(c.actorId, 'DELETE', `${ORG(c)}/members/${c.targetId}`),
  },
  {
    // Any member may leave, except the space's only admin (409).
    name: 'DELETE own membership (leave)',
    expected: (a) => (a.role === null ? 404 : a.role === ADMIN_ROLE[a.kind] ? 409 : 204),
    run: (c) => c.call(c.actorId, 'DELETE', `${ORG(c)}/members/me/membership`),
  },
  {
    name: 'PATCH member role',
    expected: (a) => gate(a, 'members.role', 200),
    run: (c, a) =>
      c.call(c.actorId, 'PATCH', `${ORG(c)}/members/${c.targetId}/role`, { member_role: otherRole(a.kind) }),
  },
  {
    name: 'GET join code',
    expected: (a) => gate(a, 'space.code.read', 200),
    run: (c) => c.call(c.actorId, 'GET', `${ORG(c)}/code`),
  },
  {
    name: 'GET recap with X-Organization',
    expected: (a) => gate(a, 'plan.read', 200),
    run: (c) =>
      c.call(c.actorId, 'GET', '/restrictions/v1/recap/me', undefined, { 'x-organization': c.orgId }),
  },
  {
    // Courses are not for pro spaces (spec 6.2): members of a pro space get 403.
    name: 'GET kits',
    expected: (a) => (a.role === null ? 404 : a.kind === 'pro' ? 403 : gate(a, 'space.read', 200)),
    run: (c) => c.call(c.actorId, 'GET', `${ORG(c)}/kits`),
  },
  {
    // Only pro spaces are branded; without a slug (not a branded deployment) members only.
    name: 'GET branding',
    expected: (a) => (a.kind === 'pro' && a.role !== null ? 200 : 404),
    run: (c) => c.call(c.actorId, 'GET', `/customization/v1/customizable/ofOrg/${c.orgId}`),
  },
  {
    name: 'PUT branding',
    expected: (a) => (a.kind === 'edu' && a.role !== null ? 403 : gate(a, 'branding.update', 200)),
    run: (c) =>
      c.call(c.actorId, 'PUT', `/customization/v1/customizable/ofOrg/${c.orgId}`, {
        policy_url: 'https://example.org/policy',
      }),
  },
  {
    // Activating a plan changes the space: it takes space.update.
    name: 'POST activate a space renewal',
    expected: (a) => gate(a, 'space.update', 200),
    run: (c) => c.call(c.actorId, 'POST', `/restrictions/v1/renewals/${c.renewalId}/activate`),
  },
  {
    // Knowing the code is the credential: anyone signed in may check it.
    name: 'GET validate join code',
    expected: () => 200,
    run: (c) => c.call(c.actorId, 'GET', `/users/v1/organizations/validate?code=${c.code}`),
  },
  {
    // Members get 200 (already a member); outsiders join (201), except minors into a pro space (403).
    name: 'POST self-invitation',
    expected: (a) => (a.role !== null ? 200 : a.minor && a.kind === 'pro' ? 403 : 201),
    run: (c) =>
      c.call(c.actorId, 'POST', '/classroom/v1/organizations/self-invitation/members', { code: c.code }),
  },
];

let t: TestApp;
let f: ReturnType<typeof spaceFixtures>;
let users: {
  admin: Record<Kind, Account>;
  adult: Account;
  minor: Account;
  teacher: Account;
  student: Account;
  editor: Account;
  minorStudent: Account;
  target: Account;
  invitee: Account;
  pendingInvitee: Account;
};
let counted = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = spaceFixtures(t);
  const minor = () => t.createUser({ isMinor: true, birthday: '2013-04-05' });
  users = {
    admin: { edu: await t.createUser(), pro: await t.createUser() },
    adult: await t.createUser(),
    minor: await minor(),
    teacher: await t.createUser(),
    student: await t.createUser(),
    editor: await t.createUser(),
    minorStudent: await minor(),
    target: await t.createUser(),
    invitee: await t.createUser(),
    pendingInvitee: await t.createUser(),
  };
});
afterAll(async () => {
  console.log(`role × space × endpoint matrix: ${counted} cases`);
  await t?.close();
});

/** The user who plays an actor in a space of its kind. */
function userFor(a: ActorSpec): Account {
  if (a.role === null) return a.minor ? users.minor : users.adult;
  switch (a.role) {
    case 'role:edu-admin':
      return users.admin.edu;
    case 'role:pro-admin':
      return users.admin.pro;
    case 'role:edu-teacher':
      return users.teacher;
    case 'role:pro-editor':
      return users.editor;
    default:
      return a.minor ? users.minorStudent : users.student;
  }
}

/** A fresh space with every role, a plan, a logo, branding and an unused renewal. */
async function freshSpace(kind: Kind) {
  const members: [string, Role][] =
    kind === 'edu'
      ? [
          [users.admin.edu.id, 'role:edu-admin'],
          [users.teacher.id, 'role:edu-teacher'],
          [users.student.id, 'role:edu-student'],
          [users.minorStudent.id, 'role:edu-student'],
          [users.target.id, 'role:edu-student'],
        ]
      : [
          [users.admin.pro.id, 'role:pro-admin'],
          [users.editor.id, 'role:pro-editor'],
          [users.target.id, 'role:pro-editor'],
        ];
  const org = await f.space(kind, members, {
    planId: kind === 'edu' ? 'cloud-classroom' : 'cloud-enterprise',
  });
  const logo = await createMediaRepository(t.db).insert({
    organizationId: org.id,
    kind: 'logo',
    contentType: 'image/png',
    bytes: PNG,
  });
  await createSpacesRepository(t.db).update(org.id, { logoMediaId: logo.id });
  await t.db.insert(branding).values({ organizationId: org.id, customTos: 'terms' });
  const renewalId = `matrix-${org.id}`;
  await createPlansRepository(t.db).insertRenewal({
    id: renewalId,
    organizationId: org.id,
    planId: kind === 'edu' ? 'cloud-classroom' : 'cloud-enterprise',
    seats: 40,
    days: 30,
  });
  const [invitation] = await createInvitationsRepository(t.db).insertMany([
    {
      organizationId: org.id,
      login: users.pendingInvitee.username,
      userId: users.pendingInvitee.id,
      roles: [baseRole(kind)],
      invitedBy: members[0]?.[0] ?? null,
    },
  ]);
  if (!invitation) throw new Error('no invitation');
  return { org, renewalId, invitationId: invitation.id };
}

/** Everything a refused call must not change. */
async function snapshot(orgId: string) {
  return {
    org: await t.db.select().from(organizations).where(eq(organizations.id, orgId)),
    members: await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, orgId))
      .orderBy(asc(memberships.userId)),
    branding: await t.db.select().from(branding).where(eq(branding.organizationId, orgId)),
    media: (await t.db.select({ id: media.id }).from(media).where(eq(media.organizationId, orgId))).map(
      (m) => m.id,
    ),
    renewals: await t.db.select().from(planRenewals).where(eq(planRenewals.organizationId, orgId)),
    invitations: await t.db
      .select()
      .from(spaceInvitations)
      .where(eq(spaceInvitations.organizationId, orgId))
      .orderBy(asc(spaceInvitations.login)),
  };
}

const allEmails = () =>
  [
    users.admin.edu,
    users.admin.pro,
    users.teacher,
    users.student,
    users.editor,
    users.minorStudent,
    users.target,
  ].map((u) => u.email);

describe('role × space × endpoint matrix', () => {
  const cases = ACTORS.flatMap((actor) => ENDPOINTS.map((endpoint) => ({ actor, endpoint })));

  it('covers every actor with every endpoint', () => {
    expect(cases).toHaveLength(ACTORS.length * ENDPOINTS.length);
  });

  it.each(cases.map((c) => [`${c.actor.kind} · ${c.actor.name} · ${c.endpoint.name}`, c] as const))(
    '%s',
    async (_name, { actor, endpoint }) => {
      counted += 1;
      const { org, renewalId, invitationId } = await freshSpace(actor.kind);
      const user = userFor(actor);
      const before = await snapshot(org.id);
      const ctx: Ctx = {
        t,
        orgId: org.id,
        actorId: user.id,
        targetId: users.target.id,
        invitee: users.invitee,
        invitationId,
        code: org.joinCode,
        renewalId,
        call: f.call,
      };
      const res = await endpoint.run(ctx, actor);
      const expected = endpoint.expected(actor);
      expect(res.statusCode, res.body).toBe(expected);

      if (res.statusCode >= 400) {
        expect(await snapshot(org.id)).toEqual(before);
        for (const email of allEmails()) expect(res.body).not.toContain(email);
      }
      if (endpoint.name.startsWith('GET organizations')) {
        const ids = JSON.parse(res.body).organizations.map((s: { id: string }) => s.id);
        expect(ids.includes(org.id)).toBe(actor.role !== null);
      }
      // Inviting makes no one a member: the invitee reaches nothing until they accept.
      if (endpoint.name.startsWith('POST members') && res.statusCode === 201) {
        expect((await snapshot(org.id)).members).toEqual(before.members);
        const theirs = await f.call(users.invitee.id, 'GET', '/classroom/v1/organizations');
        expect(theirs.json().organizations.map((s: { id: string }) => s.id)).not.toContain(org.id);
        expect(res.body).not.toContain(users.invitee.email);
        expect(res.body).not.toContain(users.invitee.id);
      }
      if (endpoint.name.startsWith('GET own invitations')) {
        expect(res.body).not.toContain(invitationId);
      }
      // Non-members never see the space's members, whatever the endpoint.
      if (actor.role === null) {
        for (const email of allEmails()) expect(res.body).not.toContain(email);
      }
    },
  );
});
