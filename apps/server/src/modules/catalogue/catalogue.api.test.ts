import { kitsResponseSchema } from '@tinkercloud/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { spaceTestApp } from '../spaces/spaces.fixtures.ts';

const { t, f } = await spaceTestApp();
afterAll(() => t.close());

describe('catalogues', () => {
  it('lists every ISO 3166-1 country, sorted by name, without sign-in', async () => {
    const res = await f.call(null, 'GET', '/countries/v1');
    expect(res.statusCode).toBe(200);
    const countries: { code: string; name: string }[] = res.json().countries;
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((c) => c.code)).size).toBe(249);
    for (const code of ['IT', 'DE', 'US', 'GB', 'JP', 'BR', 'ZA', 'AQ']) {
      expect(countries.some((c) => c.code === code)).toBe(true);
    }
    for (const code of ['UK', 'EU', 'XK', 'ZZ']) expect(countries.some((c) => c.code === code)).toBe(false);
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('lists kits for My Cloud and school members; team spaces have no courses', async () => {
    const { space: school, admin, student } = await f.school();
    const outsider = await t.createUser();
    const team = await f.space('pro', [[admin.id, 'role:pro-admin']]);
    const mine = await f.call(outsider.id, 'GET', '/education/v2/kits');
    expect(mine.statusCode).toBe(200);
    const kits = kitsResponseSchema.parse(mine.json()).kits;
    expect(kits.length).toBeGreaterThanOrEqual(3);
    expect(kits.every((k) => k.courses.length > 0)).toBe(true);
    const schoolKits = await f.call(student.id, 'GET', `/classroom/v1/organizations/${school.id}/kits`);
    expect(schoolKits.json()).toEqual(mine.json());
    expect(
      (await f.call(outsider.id, 'GET', `/classroom/v1/organizations/${school.id}/kits`)).statusCode,
    ).toBe(404);
    const pro = await f.call(admin.id, 'GET', `/classroom/v1/organizations/${team.id}/kits`);
    expect(pro.statusCode).toBe(403);
    expect((await f.call(null, 'GET', '/education/v2/kits')).statusCode).toBe(401);
  });
});
