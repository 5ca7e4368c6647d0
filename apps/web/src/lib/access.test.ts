import { describe, expect, it } from 'vitest';
import { canAccess, type SectionKey } from './access.ts';

const adult = (spaceType: 'private' | 'edu' | 'pro') => ({ spaceType, isMinor: false });
const minor = (spaceType: 'private' | 'edu' | 'pro') => ({ spaceType, isMinor: true });

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
});
