import { describe, expect, it } from 'vitest';
import { hasPaidPlanBeyondEntry, planCatalogue, retentionClassOf } from './plans.ts';
import { apiQuota, isExpiredProSpace, isUnlimitedDisk, quotaState, seatLimit } from './quotas.ts';
import {
  ACTION_LABELS,
  ROLE_OPTIONS,
  ROLE_PERMISSIONS,
  ROLES,
  roleFitsSpace,
  rolesAllow,
  SPACE_ACTIONS,
  userTypeFromRoles,
} from './roles.ts';
import {
  linkVisibility,
  showFreePlanBanner,
  showMinorBanner,
  upgradeTarget,
  type Viewer,
} from './visibility.ts';

const viewer = (v: Partial<Viewer>): Viewer => ({
  isMinor: false,
  spaceType: 'private',
  roles: [],
  plans: [],
  ...v,
});
const normal = { branded: false, installedFromStore: false };

describe('roles', () => {
  it('derives the user type from the first role, admin by default', () => {
    expect(userTypeFromRoles([])).toBe('admin');
    expect(userTypeFromRoles(['role:edu-teacher', 'role:edu-admin'])).toBe('teacher');
    expect(userTypeFromRoles(['role:edu-student'])).toBe('student');
    expect(userTypeFromRoles(['role:pro-editor'])).toBe('editor');
    expect(userTypeFromRoles(['role:pro-admin'])).toBe('admin');
  });

  it('offers Admin, Teacher, Student in edu and Admin, Editor in pro', () => {
    expect(ROLE_OPTIONS.edu.map((o) => o.label)).toEqual(['Admin', 'Teacher', 'Student']);
    expect(ROLE_OPTIONS.pro.map((o) => o.label)).toEqual(['Admin', 'Editor']);
    expect(roleFitsSpace('role:pro-editor', 'edu')).toBe(false);
    expect(roleFitsSpace('role:edu-student', 'edu')).toBe(true);
  });

  // Pinned on purpose: the server's role × space matrix test derives its expectations from this table, so the
  // table itself must be checked against the design here. Change both knowingly.
  it('grants exactly the designed actions to each role', () => {
    const iot = ['iot.read', 'iot.write', 'iot.delete', 'api_clients.manage'];
    const manage = ['space.update', 'space.delete', 'space.logo', 'members.remove', 'members.role'];
    const sorted = (list: readonly string[]) => [...list].sort();
    expect(sorted(ROLE_PERMISSIONS['role:edu-admin'])).toEqual(
      sorted([
        'space.read',
        'space.code.read',
        'members.read',
        'members.invite',
        'plan.read',
        ...manage,
        ...iot,
      ]),
    );
    expect(sorted(ROLE_PERMISSIONS['role:pro-admin'])).toEqual(
      sorted([
        'space.read',
        'space.code.read',
        'members.read',
        'members.invite',
        'plan.read',
        'branding.update',
        ...manage,
        ...iot,
      ]),
    );
    expect(sorted(ROLE_PERMISSIONS['role:edu-teacher'])).toEqual(
      sorted(['space.read', 'space.code.read', 'members.read', 'members.invite', 'plan.read', ...iot]),
    );
    expect(sorted(ROLE_PERMISSIONS['role:edu-student'])).toEqual(
      sorted(['space.read', 'iot.read', 'iot.write']),
    );
    expect(sorted(ROLE_PERMISSIONS['role:pro-editor'])).toEqual(
      sorted(['space.read', 'members.read', 'plan.read', ...iot]),
    );
  });

  it('lets admins manage and others only read', () => {
    expect(rolesAllow(['role:pro-admin'], 'members.role')).toBe(true);
    expect(rolesAllow(['role:pro-editor'], 'members.role')).toBe(false);
    expect(rolesAllow(['role:edu-teacher'], 'members.invite')).toBe(true);
    expect(rolesAllow(['role:edu-student'], 'members.read')).toBe(false);
    expect(rolesAllow(['role:edu-admin'], 'branding.update')).toBe(false);
    expect(rolesAllow(['made-up'], 'space.read')).toBe(false);
  });

  it('lets every role read and write IoT resources; students neither delete nor manage API keys', () => {
    for (const role of ROLES) {
      expect(rolesAllow([role], 'iot.read')).toBe(true);
      expect(rolesAllow([role], 'iot.write')).toBe(true);
    }
    expect(rolesAllow(['role:edu-student'], 'iot.delete')).toBe(false);
    expect(rolesAllow(['role:edu-student'], 'api_clients.manage')).toBe(false);
    for (const role of ['role:edu-admin', 'role:edu-teacher', 'role:pro-admin', 'role:pro-editor'] as const) {
      expect(rolesAllow([role], 'iot.delete')).toBe(true);
      expect(rolesAllow([role], 'api_clients.manage')).toBe(true);
    }
  });

  it('labels every action and keeps each role inside the action list', () => {
    for (const action of SPACE_ACTIONS) expect(ACTION_LABELS[action]).toBeTruthy();
    for (const role of ROLES) {
      for (const action of ROLE_PERMISSIONS[role]) expect(SPACE_ACTIONS).toContain(action);
    }
  });
});

describe('plans', () => {
  it('lists the catalogue with the product plan named after the product', () => {
    expect(planCatalogue('tinkercloud', 'Tinkercloud').map((p) => [p.id, p.name])).toEqual([
      ['tinkercloud', 'Tinkercloud'],
      ['create-entry', 'Entry'],
      ['create-maker', 'Maker'],
      ['create-maker-plus', 'Maker Plus'],
      ['cloud-enterprise', 'Team'],
      ['cloud-classroom', 'School'],
    ]);
  });

  it('needs a paid plan other than create-entry for triggers', () => {
    expect(hasPaidPlanBeyondEntry([])).toBe(false);
    expect(hasPaidPlanBeyondEntry(['create-entry'])).toBe(false);
    expect(hasPaidPlanBeyondEntry(['create-entry', 'create-maker'])).toBe(true);
  });

  it('keeps values by plan: free, entry, maker, and maker plus for the bigger plans and the product plan', () => {
    expect(retentionClassOf(null)).toBe('free');
    expect(retentionClassOf('create-entry')).toBe('entry');
    expect(retentionClassOf('create-maker')).toBe('maker');
    expect(retentionClassOf('create-maker-plus')).toBe('maker-plus');
    expect(retentionClassOf('cloud-enterprise')).toBe('maker-plus');
    expect(retentionClassOf('cloud-classroom')).toBe('maker-plus');
    expect(retentionClassOf('tinkercloud')).toBe('maker-plus');
  });
});

describe('quotas', () => {
  it('reads a disk limit above 1048576000 as unlimited', () => {
    expect(isUnlimitedDisk(1_048_576_000)).toBe(false);
    expect(isUnlimitedDisk(1_048_576_001)).toBe(true);
  });

  it('gives an API quota of 1000 only when the limit is set', () => {
    expect(apiQuota(5)).toBe(1000);
    expect(apiQuota(0)).toBe(1000);
    expect(apiQuota(null)).toBe(0);
  });

  it('is at limit at 0 remaining and over limit below 0', () => {
    expect(quotaState(5, 4)).toBe('ok');
    expect(quotaState(5, 5)).toBe('at_limit');
    expect(quotaState(5, 6)).toBe('over_limit');
    expect(quotaState(null, 1000)).toBe('ok');
    expect(quotaState(5, 1, { expiredProSpace: true })).toBe('at_limit');
    expect(quotaState(null, 0, { expiredProSpace: true })).toBe('at_limit');
  });

  it('counts a pro space without a plan as expired', () => {
    expect(isExpiredProSpace({ space: 'pro', plan_id: null })).toBe(true);
    expect(isExpiredProSpace({ space: 'pro', plan_id: 'cloud-enterprise' })).toBe(false);
    expect(isExpiredProSpace({ space: 'edu', plan_id: null })).toBe(false);
  });

  it('computes seats per spec 6.5', () => {
    expect(seatLimit({ space: 'edu', plan_seats: 30 }, 100)).toBe(30);
    expect(seatLimit({ space: 'pro', plan_seats: null }, 100)).toBe(50);
    expect(seatLimit({ space: 'pro', plan_seats: null }, 500)).toBeNull();
    expect(seatLimit({ space: 'edu', plan_seats: null }, 100)).toBeNull();
  });
});

describe('visibility', () => {
  it('chooses the upgrade link per spec 6.4', () => {
    expect(upgradeTarget(viewer({ spaceType: 'pro', roles: ['role:pro-admin'] }))).toBe('enterprise');
    expect(
      upgradeTarget(viewer({ spaceType: 'pro', roles: ['role:pro-admin'], plans: ['cloud-enterprise'] })),
    ).toBeNull();
    expect(upgradeTarget(viewer({ spaceType: 'pro', roles: ['role:pro-editor'] }))).toBeNull();
    expect(
      upgradeTarget(viewer({ spaceType: 'edu', roles: ['role:edu-admin'], plans: ['cloud-classroom'] })),
    ).toBe('education');
    expect(upgradeTarget(viewer({ spaceType: 'edu', roles: ['role:edu-teacher'] }))).toBeNull();
    expect(upgradeTarget(viewer({}))).toBe('maker');
    expect(upgradeTarget(viewer({ plans: ['create-maker-plus'] }))).toBeNull();
    expect(upgradeTarget(viewer({ isMinor: true }))).toBeNull();
  });

  it('shows the free-plan banner to adults in My Cloud and edu admins without a paid plan', () => {
    expect(showFreePlanBanner(viewer({}), normal)).toBe(true);
    expect(showFreePlanBanner(viewer({ plans: ['create-maker'] }), normal)).toBe(false);
    expect(showFreePlanBanner(viewer({ isMinor: true }), normal)).toBe(false);
    expect(showFreePlanBanner(viewer({ spaceType: 'edu', roles: ['role:edu-admin'] }), normal)).toBe(true);
    expect(showFreePlanBanner(viewer({ spaceType: 'edu', roles: ['role:edu-student'] }), normal)).toBe(false);
    expect(showFreePlanBanner(viewer({ spaceType: 'pro', roles: ['role:pro-admin'] }), normal)).toBe(false);
    expect(showFreePlanBanner(viewer({}), { branded: true, installedFromStore: false })).toBe(false);
    expect(showFreePlanBanner(viewer({}), { branded: false, installedFromStore: true })).toBe(false);
  });

  it('shows the minor banner to a minor with only My Cloud', () => {
    expect(showMinorBanner(true, 1, normal)).toBe(true);
    expect(showMinorBanner(true, 2, normal)).toBe(false);
    expect(showMinorBanner(false, 1, normal)).toBe(false);
  });

  it('hides links per spec 6.3', () => {
    expect(linkVisibility(viewer({ isMinor: true }), { brandedMyCloud: false })).toEqual({
      accountSettings: false,
      billing: false,
      account: false,
      apiKeys: false,
      statusEnabled: false,
    });
    expect(
      linkVisibility(viewer({ spaceType: 'pro', roles: ['role:pro-editor'] }), { brandedMyCloud: false }),
    ).toMatchObject({
      accountSettings: false,
      billing: false,
      account: true,
      apiKeys: true,
    });
    expect(linkVisibility(viewer({}), { brandedMyCloud: true }).apiKeys).toBe(false);
  });
});
