import { FREE_LIMITS, type OperatorPlanLimits, PLAN_LIMITS } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { builtinLimits, readStoredLimits, recapLimits, storedLimits } from './plan-limits.ts';

const SLUG = 'tinkercloud';

describe('plan limits', () => {
  it('says the built-in numbers in the recap exactly as PLAN_LIMITS does', () => {
    expect(recapLimits(builtinLimits(null, SLUG), null, SLUG)).toEqual(FREE_LIMITS);
    for (const [id, limits] of Object.entries(PLAN_LIMITS)) {
      expect(recapLimits(builtinLimits(id, SLUG), id, SLUG), id).toEqual(limits);
    }
    // No API-key limit cannot be said as null there (null: no API keys at all).
    const open: OperatorPlanLimits = { ...builtinLimits('create-maker', SLUG), cloud_api: null };
    expect(recapLimits(open, 'create-maker', SLUG).cloud_api).toBe(1_000_000);
  });

  it('stores ota as a number and reads back over the built-in numbers what is valid', () => {
    const builtin = builtinLimits('create-maker', SLUG);
    const changed = { ...builtin, ota: false, cloud_things: 3 };
    expect(readStoredLimits(storedLimits(changed), builtin)).toEqual(changed);
    expect(readStoredLimits({ cloud_things: -5, devices: 4 }, builtin)).toEqual({ ...builtin, devices: 4 });
  });
});

describe('DEFAULT_PLAN, DEFAULT_SCHOOL_PLAN, DEFAULT_TEAM_PLAN', () => {
  it('takes plans of the catalogue that fit what they are the default of', () => {
    expect(
      loadConfig({
        DEFAULT_PLAN: SLUG,
        DEFAULT_SCHOOL_PLAN: 'cloud-classroom',
        DEFAULT_TEAM_PLAN: 'cloud-enterprise',
      }).plans.defaults,
    ).toEqual({ user: SLUG, edu: 'cloud-classroom', pro: 'cloud-enterprise' });
    expect(loadConfig({}).plans.defaults).toEqual({ user: null, edu: null, pro: null });
  });

  it('lists each one that does not fit', () => {
    const attempt = () =>
      loadConfig({
        DEFAULT_PLAN: 'cloud-classroom',
        DEFAULT_SCHOOL_PLAN: 'gold',
        DEFAULT_TEAM_PLAN: 'cloud-enterprise',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /DEFAULT_PLAN: must be a My Cloud plan \(tinkercloud, create-entry, create-maker, create-maker-plus\), not "cloud-classroom"/,
    );
    expect(attempt).toThrow(/DEFAULT_SCHOOL_PLAN: must be a School plan \(cloud-classroom\), not "gold"/);
  });
});
