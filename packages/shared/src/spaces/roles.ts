import type { SpaceType } from '../space.ts';

/** Member roles (spec 6.1). The private space has none. */
export const ROLES = [
  'role:edu-admin',
  'role:edu-teacher',
  'role:edu-student',
  'role:pro-admin',
  'role:pro-editor',
] as const;
export type Role = (typeof ROLES)[number];
export type OrganizationSpaceType = Exclude<SpaceType, 'private'>;

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Role choices per organisation kind, in the order the spec lists them. */
export const ROLE_OPTIONS: Record<OrganizationSpaceType, { value: Role; label: string }[]> = {
  edu: [
    { value: 'role:edu-admin', label: 'Admin' },
    { value: 'role:edu-teacher', label: 'Teacher' },
    { value: 'role:edu-student', label: 'Student' },
  ],
  pro: [
    { value: 'role:pro-admin', label: 'Admin' },
    { value: 'role:pro-editor', label: 'Editor' },
  ],
};

export const ADMIN_ROLE: Record<OrganizationSpaceType, Role> = {
  edu: 'role:edu-admin',
  pro: 'role:pro-admin',
};

export function roleFitsSpace(role: Role, space: OrganizationSpaceType): boolean {
  return ROLE_OPTIONS[space].some((o) => o.value === role);
}

export type UserType = 'admin' | 'teacher' | 'student' | 'editor';

/** The user type comes from the first role; no roles (My Cloud) means admin (spec 6.1). */
export function userTypeFromRoles(roles: readonly string[]): UserType {
  switch (roles[0]) {
    case 'role:edu-teacher':
      return 'teacher';
    case 'role:edu-student':
      return 'student';
    case 'role:pro-editor':
      return 'editor';
    default:
      return 'admin';
  }
}

/**
 * What each role may do inside its space. The spec leaves this open beyond its rules ("not shown"); this table
 * is our design, shown to users on the Roles & Permissions page and enforced by the server.
 */
export const SPACE_ACTIONS = [
  'space.read',
  'space.update',
  'space.delete',
  'space.logo',
  'space.code.read',
  'members.read',
  'members.invite',
  'members.remove',
  'members.role',
  'branding.update',
  'plan.read',
  'iot.read',
  'iot.write',
  'iot.delete',
  'api_clients.manage',
] as const;
export type SpaceAction = (typeof SPACE_ACTIONS)[number];

export const ACTION_LABELS: Record<SpaceAction, string> = {
  'space.read': 'See the space and its content',
  'space.update': 'Edit the space name, type and country',
  'space.delete': 'Delete the space',
  'space.logo': 'Change the space logos',
  'space.code.read': 'See the join code',
  'members.read': 'See the members',
  'members.invite': 'Invite members',
  'members.remove': 'Remove members',
  'members.role': 'Change member roles',
  'branding.update': 'Change the branding',
  'plan.read': 'See plan usage',
  'iot.read': 'See devices, things, dashboards, triggers and their values',
  'iot.write':
    'Create and change devices (set or rotate their secret keys, add certificates), things, dashboards and triggers; send values',
  'iot.delete':
    'Delete devices (and remove their secret keys and certificates), things, dashboards and triggers',
  'api_clients.manage': 'Create and revoke own API keys for the space',
};

const ALL: readonly SpaceAction[] = SPACE_ACTIONS;
/** IoT resources (devices, things, dashboards, triggers, values) are shared by the whole space. */
const IOT_FULL: readonly SpaceAction[] = ['iot.read', 'iot.write', 'iot.delete', 'api_clients.manage'];
export const ROLE_PERMISSIONS: Record<Role, readonly SpaceAction[]> = {
  'role:edu-admin': ALL.filter((a) => a !== 'branding.update'),
  'role:edu-teacher': [
    'space.read',
    'space.code.read',
    'members.read',
    'members.invite',
    'plan.read',
    ...IOT_FULL,
  ],
  // Students build and use the class projects but cannot delete them nor mint API keys.
  'role:edu-student': ['space.read', 'iot.read', 'iot.write'],
  'role:pro-admin': ALL,
  'role:pro-editor': ['space.read', 'members.read', 'plan.read', ...IOT_FULL],
};

/** True when any of the member's roles allows the action. */
export function rolesAllow(roles: readonly string[], action: SpaceAction): boolean {
  return roles.some((r) => isRole(r) && ROLE_PERMISSIONS[r].includes(action));
}
