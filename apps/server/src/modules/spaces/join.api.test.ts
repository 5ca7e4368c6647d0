import { afterAll, describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET } from './join-code.ts';
import { spaceTestApp } from './spaces.fixtures.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

const JOIN = '/classroom/v1/organizations/self-invitation/members';
const validate = (code: string) => `/users/v1/organizations/validate?code=${encodeURIComponent(code)}`;

async function codeOf(adminId: string, orgId: string): Promise<string> {
  const res = await f.call(adminId, 'GET', `/classroom/v1/organizations/${orgId}/code`);
  expect(res.statusCode).toBe(200);
  return res.json().code;
}

describe('join by code', () => {
  it('gives every space an 8-character code of unambiguous letters and digits', async () => {
    const admin = await t.createUser();
    const res = await f.call(admin.id, 'POST', '/classroom/v1/organizations', { name: 'S', space: 'edu' });
    const code = await codeOf(admin.id, res.json().id);
    expect(code).toHaveLength(8);
    for (const ch of code) expect(JOIN_CODE_ALPHABET).toContain(ch);
  });

  it('validates a code, then joins as student in a school and as editor in a team', async () => {
    const admin = await t.createUser();
    const user = await t.createUser();
    for (const [kind, role] of [
      ['edu', 'role:edu-student'],
      ['pro', 'role:pro-editor'],
    ] as const) {
      const org = await f.space(kind, [[admin.id, kind === 'edu' ? 'role:edu-admin' : 'role:pro-admin']], {
        planId: kind === 'pro' ? 'cloud-enterprise' : null,
      });
      const code = await codeOf(admin.id, org.id);
      const check = await f.call(user.id, 'GET', validate(code.toLowerCase()));
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ organization_id: org.id, available: true });
      const join = await f.call(user.id, 'POST', JOIN, { code: ` ${code} ` });
      expect(join.statusCode).toBe(201);
      expect(join.json()).toEqual({ organization_id: org.id });
      const [mine] = (await f.call(user.id, 'GET', '/classroom/v1/organizations'))
        .json()
        .organizations.filter((s: { id: string }) => s.id === org.id);
      expect(mine.roles).toEqual([role]);
      const again = await f.call(user.id, 'POST', JOIN, { code });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ organization_id: org.id, already_member: true });
    }
  });

  it('answers "This is not a valid code." for malformed (400) and unknown (404) codes', async () => {
    const user = await t.createUser();
    for (const bad of ['', 'ab', 'TOO-LONG-CODE-1234', 'ÄÖÜ12345']) {
      const v = await f.call(user.id, 'GET', validate(bad));
      expect(v.statusCode, bad).toBe(400);
      expect(v.json().detail).toBe('This is not a valid code.');
      const j = await f.call(user.id, 'POST', JOIN, { code: bad });
      expect(j.statusCode, bad).toBe(400);
      expect(j.json().detail).toBe('This is not a valid code.');
    }
    const v = await f.call(user.id, 'GET', validate('ZZZZ9999'));
    expect(v.statusCode).toBe(404);
    expect(v.json().detail).toBe('This is not a valid code.');
    expect((await f.call(user.id, 'POST', JOIN, { code: 'ZZZZ9999' })).statusCode).toBe(404);
    expect((await f.call(user.id, 'POST', JOIN, {})).json().detail).toBe('This is not a valid code.');
  });

  it('says a full space or an expired team space is not available, and refuses joining it', async () => {
    const admin = await t.createUser();
    const user = await t.createUser();
    const full = await f.space('edu', [[admin.id, 'role:edu-admin']], {
      planId: 'cloud-classroom',
      planSeats: 1,
    });
    const expired = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    for (const org of [full, expired]) {
      const code = await codeOf(admin.id, org.id);
      expect((await f.call(user.id, 'GET', validate(code))).json()).toEqual({
        organization_id: org.id,
        available: false,
      });
      const join = await f.call(user.id, 'POST', JOIN, { code });
      expect(join.statusCode).toBe(409);
      // Its members are told they already belong, not that the code is closed.
      expect((await f.call(admin.id, 'GET', validate(code))).json().available).toBe(true);
      const again = await f.call(admin.id, 'POST', JOIN, { code });
      expect(again.json()).toEqual({ organization_id: org.id, already_member: true });
    }
    // 50 seats for a team plan with 100 things (spec 6.5).
    const team = await f.space('pro', [[admin.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    expect((await f.call(user.id, 'GET', validate(await codeOf(admin.id, team.id)))).json().available).toBe(
      true,
    );
  });

  it('lets minors join school spaces only', async () => {
    const admin = await t.createUser();
    const kid = await t.createUser({ isMinor: true, birthday: '2015-03-04' });
    const team = await f.space('pro', [[admin.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const school = await f.space('edu', [[admin.id, 'role:edu-admin']]);
    const teamCode = await codeOf(admin.id, team.id);
    expect((await f.call(kid.id, 'GET', validate(teamCode))).json().available).toBe(false);
    const refused = await f.call(kid.id, 'POST', JOIN, { code: teamCode });
    expect(refused.statusCode).toBe(403);
    const ok = await f.call(kid.id, 'POST', JOIN, { code: await codeOf(admin.id, school.id) });
    expect(ok.statusCode).toBe(201);
  });

  it('throttles code guessing per user', async () => {
    const guesser = await t.createUser();
    const other = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await f.call(guesser.id, 'GET', validate(`GUESS${i}AB`))).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await f.call(other.id, 'GET', validate('ZZZZ1234'))).statusCode).toBe(404);
    for (let i = 0; i < 20; i++) await f.call(guesser.id, 'POST', JOIN, { code: `GUESS${i}AB` });
    expect((await f.call(guesser.id, 'POST', JOIN, { code: 'ZZZZ1234' })).statusCode).toBe(429);
  });

  it('needs sign-in', async () => {
    expect((await f.call(null, 'GET', validate('ABCDEFGH'))).statusCode).toBe(401);
    expect((await f.call(null, 'POST', JOIN, { code: 'ABCDEFGH' })).statusCode).toBe(401);
  });
});
