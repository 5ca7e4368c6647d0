import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { spaceTestApp } from '../spaces/spaces.fixtures.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

const members = (orgId: string) => `/classroom/v1/organizations/${orgId}/members`;
const invitations = (orgId: string) => `/classroom/v1/organizations/${orgId}/invitations`;

describe('members API', () => {
  it('lists active members with their account fields and roles', async () => {
    const admin = await t.createUser({ name: 'Grace Hopper' });
    const kid = await t.createUser({ isMinor: true, birthday: '2013-02-03' });
    const org = await f.space('edu', [
      [admin.id, 'role:edu-admin'],
      [kid.id, 'role:edu-student'],
    ]);
    const res = await f.call(admin.id, 'GET', members(org.id));
    expect(res.statusCode).toBe(200);
    const list = res.json().members;
    expect(list).toHaveLength(2);
    expect(list.find((m: { id: string }) => m.id === admin.id)).toEqual({
      id: admin.id,
      username: admin.username,
      name: 'Grace Hopper',
      email: admin.email,
      avatar: '',
      is_minor: false,
      roles: ['role:edu-admin'],
      last_update: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(list.find((m: { id: string }) => m.id === kid.id)).toMatchObject({ is_minor: true });
    expect(res.json().invitations).toEqual([]);
  });

  it('invites by e-mail or username: nobody becomes a member, the list shows only what was typed', async () => {
    const admin = await t.createUser();
    const a = await t.createUser();
    const b = await f.verified(await t.createUser());
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const res = await f.call(admin.id, 'POST', members(org.id), {
      members: [
        { login: a.username, role: 'role:pro-editor' },
        { login: b.email.toUpperCase(), role: 'role:pro-admin' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().invitations).toEqual([
      {
        id: expect.any(String),
        login: a.username,
        roles: ['role:pro-editor'],
        status: 'invited',
        invited_at: expect.any(String),
      },
      {
        id: expect.any(String),
        login: b.email.toUpperCase(),
        roles: ['role:pro-admin'],
        status: 'invited',
        invited_at: expect.any(String),
      },
    ]);
    // Nothing in the answer tells which account (if any) a login matched.
    for (const leak of [a.id, a.email, a.name, b.id, b.username, b.name])
      expect(res.body).not.toContain(leak);

    const list = await f.call(admin.id, 'GET', members(org.id));
    expect(list.json().members.map((m: { id: string }) => m.id)).toEqual([admin.id]);
    expect(list.json().invitations.map((i: { login: string }) => i.login)).toEqual([
      a.username,
      b.email.toUpperCase(),
    ]);
    for (const leak of [a.id, a.email, a.name, b.id, b.username, b.name])
      expect(list.body).not.toContain(leak);
    // A pending invitation is no member: the space still counts one.
    const spaces = await f.call(admin.id, 'GET', '/classroom/v1/organizations');
    expect(spaces.json().organizations[0]).toMatchObject({ id: org.id, members: 1 });
  });

  it('answers an invite of a login without an account exactly as one of an existing account', async () => {
    const admin = await t.createUser();
    const known = await f.verified(await t.createUser());
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const invite = (login: string) =>
      f.call(admin.id, 'POST', members(org.id), { members: [{ login, role: 'role:edu-student' }] });
    const shape = (body: { invitations: Record<string, unknown>[] }) =>
      body.invitations.map(({ id, invited_at, login, ...rest }) => ({
        id: typeof id,
        invited_at: typeof invited_at,
        login: typeof login,
        ...rest,
      }));

    for (const [existing, missing] of [
      [known.username, 'nobody-here'],
      [known.email, 'nobody@example.com'],
    ] as const) {
      const a = await invite(existing);
      const b = await invite(missing);
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(a.statusCode);
      expect(shape(b.json())).toEqual(shape(a.json()));
      expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
      // Inviting the same login again is refused the same way too.
      const again = [await invite(existing), await invite(missing)];
      expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
      expect(again[0]?.json().detail).toBe(`"${existing}" is already invited to this space.`);
      expect(again[1]?.json().detail).toBe(`"${missing}" is already invited to this space.`);
    }
    const rows = (await f.call(admin.id, 'GET', members(org.id))).json().invitations;
    expect(rows.map((r: { login: string }) => r.login).sort()).toEqual(
      [known.username, known.email, 'nobody-here', 'nobody@example.com'].sort(),
    );
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'invited_at', 'login', 'roles', 'status']);

    // Only the real, verified account hears about it, by e-mail, once per invitation.
    await vi.waitFor(
      async () => {
        const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, known.email));
        expect(mails).toHaveLength(2);
        expect(mails[0]?.subject).toContain(org.name);
      },
      { timeout: 15_000 },
    );
    const strays = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.com'));
    expect(strays).toHaveLength(0);
  });

  it('refuses bad invitations as a whole: wrong roles, malformed or repeated logins, members', async () => {
    const { space: org, admin, editor: member } = await f.team();
    const c = await t.createUser();
    const post = (list: { login: string; role: string }[]) =>
      f.call(admin.id, 'POST', members(org.id), { members: list });

    const wrongKind = await post([{ login: c.username, role: 'role:edu-student' }]);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().detail).toBe('Role must be one of: role:pro-admin, role:pro-editor.');
    const malformed = await post([{ login: 'two words', role: 'role:pro-editor' }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('"two words" is neither an e-mail address nor a username.');
    const twice = await post([
      { login: c.username, role: 'role:pro-editor' },
      { login: c.username.toUpperCase(), role: 'role:pro-editor' },
    ]);
    expect(twice.statusCode).toBe(400);
    const already = await post([
      { login: c.username, role: 'role:pro-editor' },
      { login: member.email, role: 'role:pro-editor' },
    ]);
    expect(already.statusCode).toBe(409);
    expect(already.json().detail).toBe(`"${member.email}" is already a member of this space.`);
    // Nothing of a refused batch was stored.
    const list = (await f.call(admin.id, 'GET', members(org.id))).json();
    expect(list.members).toHaveLength(2);
    expect(list.invitations).toEqual([]);
  });

  it('lets teachers invite students only, and withdraw only those', async () => {
    const admin = await t.createUser();
    const teacher = await t.createUser();
    const s = await t.createUser();
    const org = await f.space('edu', [
      [admin.id, 'role:edu-admin'],
      [teacher.id, 'role:edu-teacher'],
    ]);
    const asTeacher = await f.call(teacher.id, 'POST', members(org.id), {
      members: [{ login: s.username, role: 'role:edu-teacher' }],
    });
    expect(asTeacher.statusCode).toBe(403);
    const asStudent = await f.call(teacher.id, 'POST', members(org.id), {
      members: [{ login: s.username, role: 'role:edu-student' }],
    });
    expect(asStudent.statusCode).toBe(201);
    const byAdmin = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: 'future-teacher', role: 'role:edu-teacher' }],
    });
    const studentInvite = asStudent.json().invitations[0].id;
    const teacherInvite = byAdmin.json().invitations[0].id;
    const cancel = (who: string, id: string) => f.call(who, 'DELETE', `${invitations(org.id)}/${id}`);
    expect((await cancel(teacher.id, teacherInvite)).statusCode).toBe(403);
    expect((await cancel(teacher.id, studentInvite)).statusCode).toBe(204);
    expect((await cancel(teacher.id, studentInvite)).statusCode).toBe(404);
    expect((await cancel(admin.id, teacherInvite)).statusCode).toBe(204);
    expect((await f.call(admin.id, 'GET', members(org.id))).json().invitations).toEqual([]);
    // The withdrawn invitation is gone for its invitee too.
    expect((await f.call(s.id, 'GET', '/classroom/v1/invitations')).json().invitations).toEqual([]);
  });

  it('never withdraws an invitation of another space through this one', async () => {
    const admin = await t.createUser();
    const otherAdmin = await t.createUser();
    const mine = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const theirs = await f.space('pro', [[otherAdmin.id, 'role:pro-admin']]);
    const sent = await f.call(otherAdmin.id, 'POST', members(theirs.id), {
      members: [{ login: 'someone', role: 'role:pro-editor' }],
    });
    const id = sent.json().invitations[0].id;
    expect((await f.call(admin.id, 'DELETE', `${invitations(mine.id)}/${id}`)).statusCode).toBe(404);
    expect((await f.call(admin.id, 'DELETE', `${invitations(theirs.id)}/${id}`)).statusCode).toBe(404);
    expect((await f.call(otherAdmin.id, 'GET', members(theirs.id))).json().invitations).toHaveLength(1);
  });

  it('counts seats when inviting (members only: invitations hold no seat)', async () => {
    const admin = await t.createUser();
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']], {
      planId: 'cloud-classroom',
      planSeats: 2,
    });
    const full = await f.call(admin.id, 'POST', members(org.id), {
      members: [
        { login: 'first', role: 'role:edu-student' },
        { login: 'second', role: 'role:edu-student' },
      ],
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toMatch(/seats/);
    const one = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: 'first', role: 'role:edu-student' }],
    });
    expect(one.statusCode).toBe(201);
    const another = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: 'second', role: 'role:edu-student' }],
    });
    expect(another.statusCode).toBe(201);
  });

  it('keeps minors to school spaces as students when changing roles', async () => {
    const admin = await t.createUser();
    const kid = await t.createUser({ isMinor: true, birthday: '2012-06-07' });
    const school = await f.space('edu', [
      [admin.id, 'role:edu-admin'],
      [kid.id, 'role:edu-student'],
    ]);
    const promote = await f.call(admin.id, 'PATCH', `${members(school.id)}/${kid.id}/role`, {
      member_role: 'role:edu-admin',
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().detail).toBe('A minor can only be a student.');
  });

  it('changes roles within the space kind and never demotes the last admin', async () => {
    const { space: org, admin, editor } = await f.team();
    const demoteLast = await f.call(admin.id, 'PATCH', `${members(org.id)}/${admin.id}/role`, {
      member_role: 'role:pro-editor',
    });
    expect(demoteLast.statusCode).toBe(409);
    const wrong = await f.call(admin.id, 'PATCH', `${members(org.id)}/${editor.id}/role`, {
      member_role: 'role:edu-teacher',
    });
    expect(wrong.statusCode).toBe(400);
    const promote = await f.call(admin.id, 'PATCH', `${members(org.id)}/${editor.id}/role`, {
      member_role: 'role:pro-admin',
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ id: editor.id, roles: ['role:pro-admin'] });
    const demote = await f.call(editor.id, 'PATCH', `${members(org.id)}/${admin.id}/role`, {
      member_role: 'role:pro-editor',
    });
    expect(demote.statusCode).toBe(200);
    const stranger = await t.createUser();
    expect(
      (
        await f.call(editor.id, 'PATCH', `${members(org.id)}/${stranger.id}/role`, {
          member_role: 'role:pro-editor',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('removes members but not the last admin', async () => {
    const admin = await t.createUser();
    const student = await t.createUser();
    const org = await f.space('edu', [
      [admin.id, 'role:edu-admin'],
      [student.id, 'role:edu-student'],
    ]);
    const last = await f.call(admin.id, 'DELETE', `${members(org.id)}/${admin.id}`);
    expect(last.statusCode).toBe(409);
    expect((await f.call(admin.id, 'DELETE', `${members(org.id)}/${student.id}`)).statusCode).toBe(204);
    expect((await f.call(admin.id, 'DELETE', `${members(org.id)}/${student.id}`)).statusCode).toBe(404);
    expect((await f.call(admin.id, 'DELETE', `${members(org.id)}/not-a-uuid`)).statusCode).toBe(400);
  });

  it('lets a member leave by "me" or their own id, never for someone else, and keeps the last admin', async () => {
    const admin = await t.createUser();
    const s1 = await t.createUser();
    const s2 = await t.createUser();
    const org = await f.space('edu', [
      [admin.id, 'role:edu-admin'],
      [s1.id, 'role:edu-student'],
      [s2.id, 'role:edu-student'],
    ]);
    expect((await f.call(s1.id, 'DELETE', `${members(org.id)}/${s2.id}/membership`)).statusCode).toBe(403);
    expect((await f.call(s1.id, 'DELETE', `${members(org.id)}/me/membership`)).statusCode).toBe(204);
    expect((await f.call(s2.id, 'DELETE', `${members(org.id)}/${s2.id}/membership`)).statusCode).toBe(204);
    expect((await f.call(s2.id, 'DELETE', `${members(org.id)}/me/membership`)).statusCode).toBe(404);
    const lastAdmin = await f.call(admin.id, 'DELETE', `${members(org.id)}/me/membership`);
    expect(lastAdmin.statusCode).toBe(409);
    expect((await f.call(admin.id, 'GET', members(org.id))).json().members).toHaveLength(1);
  });

  it('never shows members (or their e-mails) of a space to someone outside it', async () => {
    const admin = await t.createUser();
    const outsider = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const res = await f.call(outsider.id, 'GET', members(org.id));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(admin.email);
    const add = await f.call(outsider.id, 'POST', members(org.id), {
      members: [{ login: admin.email, role: 'role:pro-editor' }],
    });
    expect(add.statusCode).toBe(404);
    expect(add.body).not.toContain(admin.username);
    const sent = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: 'someone@example.com', role: 'role:pro-editor' }],
    });
    const cancel = await f.call(
      outsider.id,
      'DELETE',
      `${invitations(org.id)}/${sent.json().invitations[0].id}`,
    );
    expect(cancel.statusCode).toBe(404);
  });
});
