import { describe, expect, it } from 'vitest';
import { space } from '@/test/app-harness.tsx';
import { headerBrand, listSpaces, MY_CLOUD, resolveSelectedSpace } from './selection.ts';

const edu = space({ id: 'edu1', name: 'Hilltop', space: 'edu', roles: ['role:edu-admin'] });
const pro = space({ id: 'pro1', name: 'Acme', space: 'pro', roles: ['role:pro-admin'] });

describe('listSpaces', () => {
  it('puts My Cloud first and never twice', () => {
    expect(listSpaces([edu, MY_CLOUD, pro], null).map((s) => s.id)).toEqual(['my-cloud', 'edu1', 'pro1']);
    expect(listSpaces([], null)).toEqual([MY_CLOUD]);
  });

  it('offers only the branded organisation, or My Cloud when the user is not a member', () => {
    const branded = { organizationId: 'pro1', organizationName: 'Acme' };
    expect(listSpaces([edu, pro], branded)).toEqual([pro]);
    expect(listSpaces([edu], branded)).toEqual([MY_CLOUD]);
  });
});

describe('resolveSelectedSpace', () => {
  const all = listSpaces([edu, pro], null);

  it('selects the stored space when it is known', () => {
    expect(resolveSelectedSpace(all, 'pro1')).toBe(pro);
  });

  it('falls back to My Cloud with no stored value or an unknown one', () => {
    expect(resolveSelectedSpace(all, null)).toBe(MY_CLOUD);
    expect(resolveSelectedSpace(all, 'gone')).toBe(MY_CLOUD);
  });

  it('selects the only space whatever is stored (branded deployments)', () => {
    expect(resolveSelectedSpace([pro], 'edu1')).toBe(pro);
    expect(resolveSelectedSpace([MY_CLOUD], 'pro1')).toBe(MY_CLOUD);
  });
});

describe('headerBrand', () => {
  it('shows the second logo, else the organisation name, else the default mark', () => {
    expect(headerBrand({ ...pro, second_logo: '/media/l.png' })).toEqual({
      kind: 'logo',
      src: '/media/l.png',
    });
    expect(headerBrand(pro)).toEqual({ kind: 'name', name: 'Acme' });
    expect(headerBrand({ ...pro, name: '' })).toEqual({ kind: 'mark' });
    expect(headerBrand(MY_CLOUD)).toEqual({ kind: 'mark' });
  });

  it('skips a logo the user hid', () => {
    expect(headerBrand({ ...pro, second_logo: '/media/l.png' }, ['pro1'])).toEqual({
      kind: 'name',
      name: 'Acme',
    });
  });
});
