import type { SpaceType } from '../space.ts';
import { MAKER_PLUS_PLAN_ID } from './plans.ts';

export interface Viewer {
  isMinor: boolean;
  spaceType: SpaceType;
  /** The member's roles in the selected space (empty in My Cloud). */
  roles: readonly string[];
  /** Plan ids from the recap of the selected space. */
  plans: readonly string[];
}

const hasRole = (v: Viewer, role: string) => v.roles.includes(role);

/** Where the upgrade link leads (spec 6.4); null means no link. */
export function upgradeTarget(v: Viewer): 'enterprise' | 'education' | 'maker' | null {
  if (v.spaceType === 'pro' && hasRole(v, 'role:pro-admin') && v.plans.length === 0) return 'enterprise';
  if (v.spaceType === 'edu' && hasRole(v, 'role:edu-admin')) return 'education';
  if (v.spaceType === 'private' && !v.isMinor && !v.plans.includes(MAKER_PLUS_PLAN_ID)) return 'maker';
  return null;
}

/**
 * Free-plan banner (spec 4.4): an adult in My Cloud, or an edu admin in an edu space, without a paid plan;
 * never in a branded deployment or the store-installed app.
 */
export function showFreePlanBanner(
  v: Viewer,
  deployment: { branded: boolean; installedFromStore: boolean },
): boolean {
  if (deployment.branded || deployment.installedFromStore) return false;
  if (v.plans.length > 0) return false;
  if (v.spaceType === 'private') return !v.isMinor;
  return v.spaceType === 'edu' && hasRole(v, 'role:edu-admin');
}

/** Minor banner (spec 4.4): a minor whose only space is My Cloud is invited to join a shared space. */
export function showMinorBanner(
  isMinor: boolean,
  spaceCount: number,
  deployment: { branded: boolean; installedFromStore: boolean },
): boolean {
  return isMinor && spaceCount === 1 && !deployment.branded && !deployment.installedFromStore;
}

/** Link visibility of spec 6.3. */
export function linkVisibility(v: Viewer, opts: { brandedMyCloud: boolean }) {
  const proEditor = v.spaceType === 'pro' && hasRole(v, 'role:pro-editor');
  return {
    accountSettings: !v.isMinor && !proEditor,
    billing: !v.isMinor && !proEditor,
    account: !v.isMinor,
    apiKeys: !v.isMinor && !opts.brandedMyCloud,
    /** Shown but disabled for minors. */
    statusEnabled: !v.isMinor,
  };
}
