import { describe, expect, it } from 'vitest';
import { visibleNavGroups } from './nav-items.ts';

const labels = (groups: { label: string }[][]) => groups.map((group) => group.map((item) => item.label));

describe('visibleNavGroups', () => {
  it('shows an adult in My Cloud every group except Space Settings', () => {
    expect(labels(visibleNavGroups({ spaceType: 'private', isMinor: false, roles: [] }))).toEqual([
      ['Home'],
      ['Sketches'],
      ['Devices', 'Things', 'Dashboards', 'Triggers'],
      ['Templates'],
      ['Resources', 'Courses'],
      ['Integrations'],
      ['Plan Usage'],
    ]);
  });

  it('shows a minor only Home, Sketches and Courses', () => {
    expect(labels(visibleNavGroups({ spaceType: 'private', isMinor: true, roles: [] }))).toEqual([
      ['Home'],
      ['Sketches'],
      ['Courses'],
    ]);
  });

  it('drops Courses and adds Space Settings in a pro space', () => {
    const groups = labels(visibleNavGroups({ spaceType: 'pro', isMinor: false, roles: ['role:pro-admin'] }));
    expect(groups).toContainEqual(['Resources']);
    expect(groups.at(-1)).toEqual(['Space Settings', 'Plan Usage']);
  });
});
