import { apiQuota, isAtQuota, quotaState, type Recap } from '@tinkercloud/shared';

/** Whether one more key may be made, and the plan's rule in words (spec 9: the API quota). */
export interface ApiKeyAllowance {
  canCreate: boolean;
  /** The plan's rule in words; null while the recap is unknown (the server still refuses past the limit). */
  text: string | null;
}

const keys = (n: number) => (n === 1 ? '1 API key' : `${n} API keys`);

/**
 * The API quota is 1000 when the plan sets `cloud_api`, else 0; usage is `cloud_api_clients` (every key of
 * the space, not only the viewer's). A pro space without a plan is at quota. Without a recap (loading, failed,
 * or a role that may not read it) creating stays offered: the server's 412 then says why.
 */
export function apiKeyAllowance(recap: Recap | undefined, expiredProSpace: boolean): ApiKeyAllowance {
  if (expiredProSpace) {
    return {
      canCreate: false,
      text: 'This team space has no active plan: API keys can be created once a plan is activated.',
    };
  }
  if (!recap) return { canCreate: true, text: null };
  const limit = apiQuota(recap.limits.cloud_api);
  const used = recap.usage.cloud_api_clients;
  if (limit === 0) return { canCreate: false, text: 'Your plan allows no API keys.' };
  const full = isAtQuota(quotaState(limit, used));
  return {
    canCreate: !full,
    text: full
      ? `${used} of ${limit} API keys used: your plan allows no more.`
      : `${used} of ${limit} API keys used. Your plan allows ${keys(limit)}.`,
  };
}
