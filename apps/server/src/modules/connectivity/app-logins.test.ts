import { describe, expect, it } from 'vitest';
import { appReadRole, appWriteRole, grantsFor } from './app-logins.ts';

const MINE = '00000000-0000-4000-8000-000000000001';
const TEAM = '00000000-0000-4000-8000-000000000002';
const CLASS = '00000000-0000-4000-8000-000000000003';
const ORG_A = '10000000-0000-4000-8000-000000000000';
const ORG_B = '20000000-0000-4000-8000-000000000000';

describe('broker roles of an application login', () => {
  const things = [
    { id: MINE, organizationId: null, roles: null },
    { id: TEAM, organizationId: ORG_A, roles: ['role:pro-editor'] },
    { id: CLASS, organizationId: ORG_B, roles: ['role:edu-student'] },
  ];

  it('reads and writes its own things, and in spaces what its roles allow', () => {
    expect(grantsFor(things, '*')).toEqual(
      [MINE, TEAM, CLASS].flatMap((id) => [appReadRole(id), appWriteRole(id)]).sort(),
    );
  });

  it("keeps an API key made for a space to that space's things", () => {
    expect(grantsFor(things, ORG_A)).toEqual([appReadRole(TEAM), appWriteRole(TEAM)].sort());
  });

  it('grants nothing in a space where the user has no role allowing IoT', () => {
    expect(grantsFor([{ id: TEAM, organizationId: ORG_A, roles: ['role:gone'] }], '*')).toEqual([]);
  });
});
