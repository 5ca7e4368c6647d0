import {
  apiQuota,
  formatBytes,
  isExpiredProSpace,
  isUnlimitedDisk,
  type Plan,
  type QuotaState,
  quotaState,
  type Recap,
  type Space,
} from '@tinkercloud/shared';

export interface UsageRow {
  key: string;
  label: string;
  used: number;
  /** null: unlimited. */
  limit: number | null;
  state: QuotaState;
  /** 0–100 for the bar; 0 when unlimited. */
  percent: number;
  text: string;
}

function row(
  key: string,
  label: string,
  used: number,
  limit: number | null,
  expired: boolean,
  format: (n: number) => string = String,
): UsageRow {
  const state = quotaState(limit, used, { expiredProSpace: expired });
  const percent = limit === null ? 0 : limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  const text = limit === null ? `${format(used)} · unlimited` : `${format(used)} of ${format(limit)}`;
  return { key, label, used, limit, state, percent, text };
}

/**
 * The recap as rows of usage against limits (spec section 9): a disk limit above 1048576000 is unlimited,
 * the API quota is 1000 when cloud_api is set (else 0), and a pro space without a plan is at quota.
 */
export function usageRows(recap: Recap, space: Pick<Space, 'space' | 'plan_id'>): UsageRow[] {
  const expired = isExpiredProSpace(space);
  const disk = recap.limits.create_sketches_disk;
  return [
    row('things', 'Things', recap.usage.cloud_things, recap.limits.cloud_things, expired),
    row(
      'disk',
      'Sketch storage',
      recap.usage.create_disk_sketches,
      isUnlimitedDisk(disk) ? null : disk,
      expired,
      formatBytes,
    ),
    row(
      'compilations',
      'Compilations today',
      recap.usage.create_compilation_day,
      recap.limits.create_compilation_day,
      expired,
    ),
    row('api', 'API clients', recap.usage.cloud_api_clients, apiQuota(recap.limits.cloud_api), expired),
  ];
}

/** Plan names of the recap's plan ids, from the catalogue; unknown ids show as they are. */
export function planNames(planIds: readonly string[], catalogue: readonly Plan[]): string[] {
  return planIds.map((id) => catalogue.find((plan) => plan.id === id)?.name ?? id);
}

export const STATE_TEXT: Record<QuotaState, string> = {
  ok: '',
  at_limit: 'Limit reached',
  over_limit: 'Over the limit',
};
