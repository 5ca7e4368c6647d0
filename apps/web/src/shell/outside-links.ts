import type { AppConfig } from '@tinkercloud/shared';
import { MAKER_PLUS_PLAN_ID, SCHOOL_PLAN_ID, TEAM_PLAN_ID } from '@tinkercloud/shared';

/** Billing and subscriptions: `/subscriptions/plans` on the store site (spec 2.4); none without a store. */
export function billingUrl(config: AppConfig): string | null {
  const store = config.links?.store;
  return store ? `${store.replace(/\/+$/, '')}/subscriptions/plans` : null;
}

const PURCHASE_PLAN = {
  enterprise: TEAM_PLAN_ID,
  education: SCHOOL_PLAN_ID,
  maker: MAKER_PLUS_PLAN_ID,
} as const;

/**
 * The upgrade link of spec 6.4: the store's plans page opened at the plan to buy. Without a store the plan
 * page of the app is the best we can offer.
 */
export function upgradeHref(target: keyof typeof PURCHASE_PLAN, config: AppConfig): string {
  const billing = billingUrl(config);
  return billing ? `${billing}?plan=${PURCHASE_PLAN[target]}` : '/plan-usage/';
}

export interface PolicyLink {
  key: 'privacy' | 'terms' | 'security';
  label: string;
  href: string;
}

/** The Privacy/Terms/Security entries; the space's policy_url (branding) replaces the privacy page. */
export function policyLinks(config: AppConfig, brandingPolicyUrl: string | null | undefined): PolicyLink[] {
  const links: (PolicyLink | null)[] = [
    (brandingPolicyUrl ?? config.links?.privacy)
      ? { key: 'privacy', label: 'Privacy', href: (brandingPolicyUrl ?? config.links?.privacy) as string }
      : null,
    config.links?.terms ? { key: 'terms', label: 'Terms', href: config.links.terms } : null,
    config.links?.security ? { key: 'security', label: 'Security', href: config.links.security } : null,
  ];
  return links.filter((link): link is PolicyLink => link !== null);
}
