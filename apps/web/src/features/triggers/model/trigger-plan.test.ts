import { describe, expect, it } from 'vitest';
import { triggerPlanBlock } from './trigger-plan.ts';

describe('trigger plan rule', () => {
  it('refuses triggers without a paid plan beyond Entry, in the words of the API', () => {
    const free = { plans: [], limit: null, space: 'private' };
    expect(triggerPlanBlock(free, 0)).toBe('Triggers need a paid plan other than Entry.');
    expect(triggerPlanBlock({ ...free, plans: ['create-entry'] }, 0)).toBe(
      'Triggers need a paid plan other than Entry.',
    );
  });

  it('allows them under the limit of the plan, and says so once it is reached', () => {
    const maker = { plans: ['create-maker'], limit: 2, space: 'private' };
    expect(triggerPlanBlock(maker, 1)).toBeNull();
    expect(triggerPlanBlock(maker, 2)).toBe('Plan limit reached: 2 triggers at most (2 in use).');
    expect(triggerPlanBlock({ ...maker, limit: null }, 500)).toBeNull();
  });

  it('does not decide before the plan and the triggers are known', () => {
    expect(triggerPlanBlock(undefined, 0)).toBeUndefined();
    expect(
      triggerPlanBlock({ plans: ['create-maker'], limit: 5, space: 'private' }, undefined),
    ).toBeUndefined();
  });
});
