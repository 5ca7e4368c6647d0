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
 * The upgrade link of spec 6.4: the store's plans page opened at the plan to buy, or without a store the
 * app's Plans page at that plan (the operator gives plans there). Without a store no link leads to a plan
 * the space already has, nor past the product's own plan (the top one): null then.
 */
export function upgradeHref(
  target: keyof typeof PURCHASE_PLAN,
  config: AppConfig,
  held: readonly string[],
): string | null {
  const billing = billingUrl(config);
  const plan = PURCHASE_PLAN[target];
  if (!billing && held.some((id) => id === plan || id === config.productSlug)) return null;
  return `${billing ?? '/plans/'}?plan=${plan}`;
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
