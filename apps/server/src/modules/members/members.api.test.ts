import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { spaceFixtures } from '../spaces/spaces.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof spaceFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = spaceFixtures(t);
});
afterAll(() => t?.close());

const members = (orgId: string) => `/classroom/v1/organizations/${orgId}/members`;

describe('members API', () => {
  it('lists members with their account fields and roles', async () => {
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
  });

  it('adds existing accounts by e-mail or username; unknown logins, duplicates and wrong roles are refused', async () => {
    const admin = await t.createUser();
    const a = await t.createUser();
    const b = await t.createUser();
    const org = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const res = await f.call(admin.id, 'POST', members(org.id), {
      members: [
        { login: a.email.toUpperCase(), role: 'role:pro-editor' },
        { login: b.username, role: 'role:pro-admin' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .members.map((m: { id: string; roles: string[] }) => [m.id, m.roles])
        .sort(),
    ).toEqual(
      [
        [a.id, ['role:pro-editor']],
        [b.id, ['role:pro-admin']],
      ].sort(),
    );

    const unknown = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: 'nobody-here', role: 'role:pro-editor' }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No account found for "nobody-here".');

    const again = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: a.username, role: 'role:pro-editor' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('already a member');

    const c = await t.createUser();
    const wrongKind = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: c.username, role: 'role:edu-student' }],
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().detail).toBe('Role must be one of: role:pro-admin, role:pro-editor.');
    const twice = await f.call(admin.id, 'POST', members(org.id), {
      members: [
        { login: c.username, role: 'role:pro-editor' },
        { login: c.email, role: 'role:pro-editor' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    // Nothing of a refused batch was added.
    expect((await f.call(admin.id, 'GET', members(org.id))).json().members).toHaveLength(3);
  });

  it('lets teachers add students only', async () => {
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
  });

  it('keeps minors to school spaces, as students', async () => {
    const admin = await t.createUser();
    const kid = await t.createUser({ isMinor: true, birthday: '2012-06-07' });
    const team = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const school = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const pro = await f.call(admin.id, 'POST', members(team.id), {
      members: [{ login: kid.username, role: 'role:pro-editor' }],
    });
    expect(pro.statusCode).toBe(403);
    expect(pro.json().detail).toBe('Minors can only be members of school (edu) spaces.');
    const teacher = await f.call(admin.id, 'POST', members(school.id), {
      members: [{ login: kid.username, role: 'role:edu-teacher' }],
    });
    expect(teacher.statusCode).toBe(403);
    const ok = await f.call(admin.id, 'POST', members(school.id), {
      members: [{ login: kid.username, role: 'role:edu-student' }],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().members[0]).toMatchObject({ id: kid.id, is_minor: true });
    const promote = await f.call(admin.id, 'PATCH', `${members(school.id)}/${kid.id}/role`, {
      member_role: 'role:edu-admin',
    });
    expect(promote.statusCode).toBe(403);
  });

  it('enforces seats when adding', async () => {
    const admin = await t.createUser();
    const a = await t.createUser();
    const b = await t.createUser();
    const org = await f.space('edu', [[admin.id, 'role:edu-admin']], {
      planId: 'cloud-classroom',
      planSeats: 2,
    });
    const full = await f.call(admin.id, 'POST', members(org.id), {
      members: [
        { login: a.username, role: 'role:edu-student' },
        { login: b.username, role: 'role:edu-student' },
      ],
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toMatch(/seats/);
    const one = await f.call(admin.id, 'POST', members(org.id), {
      members: [{ login: a.username, role: 'role:edu-student' }],
    });
    expect(one.statusCode).toBe(201);
  });

  it('changes roles within the space kind and never demotes the last admin', async () => {
    const admin = await t.createUser();
    const editor = await t.createUser();
    const org = await f.space('pro', [
      [admin.id, 'role:pro-admin'],
      [editor.id, 'role:pro-editor'],
    ]);
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
  });
});
