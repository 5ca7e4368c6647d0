import { describe, expect, it } from 'vitest';
import { canAccess, type SectionKey } from './access.ts';

const ADMIN = { private: [], edu: ['role:edu-admin'], pro: ['role:pro-admin'] };
const adult = (spaceType: 'private' | 'edu' | 'pro') => ({
  spaceType,
  isMinor: false,
  roles: ADMIN[spaceType],
});
const minor = (spaceType: 'private' | 'edu' | 'pro') => ({
  spaceType,
  isMinor: true,
  roles: ADMIN[spaceType],
});

describe('canAccess', () => {
  it('lets minors open only Home, Sketches and Courses', () => {
    const open = (['home', 'sketches', 'courses', 'devices', 'templates', 'api-keys'] as SectionKey[]).filter(
      (section) => canAccess(section, minor('private')),
    );
    expect(open).toEqual(['home', 'sketches', 'courses']);
  });

  it('blocks settings, roles-permissions, members and branding in the private space', () => {
    for (const section of ['settings', 'roles-permissions', 'members', 'branding'] as SectionKey[]) {
      expect(canAccess(section, adult('private'))).toBe(false);
    }
  });

  it('offers branding in pro spaces only', () => {
    expect(canAccess('branding', adult('pro'))).toBe(true);
    expect(canAccess('branding', adult('edu'))).toBe(false);
  });

  it('does not offer courses in pro spaces', () => {
    expect(canAccess('courses', adult('pro'))).toBe(false);
    expect(canAccess('courses', adult('edu'))).toBe(true);
    expect(canAccess('courses', adult('private'))).toBe(true);
  });

  it('offers the everyday sections to adults in every space', () => {
    for (const spaceType of ['private', 'edu', 'pro'] as const) {
      for (const section of ['home', 'devices', 'templates', 'integrations', 'plan-usage'] as SectionKey[]) {
        expect(canAccess(section, adult(spaceType))).toBe(true);
      }
    }
  });

  it('offers Plan Usage only to roles that may read the plan', () => {
    expect(canAccess('plan-usage', { ...adult('edu'), roles: ['role:edu-teacher'] })).toBe(true);
    expect(canAccess('plan-usage', { ...adult('edu'), roles: ['role:edu-student'] })).toBe(false);
    expect(canAccess('plan-usage', { ...adult('pro'), roles: ['role:pro-editor'] })).toBe(true);
    expect(canAccess('plan-usage', adult('private'))).toBe(true);
  });

  it('lists members only to roles that may read them', () => {
    expect(canAccess('members', { ...adult('edu'), roles: ['role:edu-teacher'] })).toBe(true);
    expect(canAccess('members', { ...adult('edu'), roles: ['role:edu-student'] })).toBe(false);
    expect(canAccess('members', { ...adult('pro'), roles: ['role:pro-editor'] })).toBe(true);
  });

  it('offers only Home in a branded My Cloud', () => {
    const branded = { ...adult('private'), brandedMyCloud: true };
    expect(canAccess('home', branded)).toBe(true);
    for (const section of ['sketches', 'devices', 'plan-usage', 'api-keys'] as SectionKey[]) {
      expect(canAccess(section, branded)).toBe(false);
    }
  });
});
