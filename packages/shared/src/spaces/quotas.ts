/** Quota rules of spec section 9 and seats of 6.5, shared by the server (enforcing) and the SPA (showing). */

export const UNLIMITED_DISK_THRESHOLD = 1_048_576_000;

/** A disk limit above 1048576000 counts as unlimited. */
export function isUnlimitedDisk(limit: number | null): boolean {
  return limit === null || limit > UNLIMITED_DISK_THRESHOLD;
}

/** API quota is 1000 when the cloud_api limit is set, else 0. */
export function apiQuota(cloudApiLimit: number | null | undefined): number {
  return cloudApiLimit !== null && cloudApiLimit !== undefined ? 1000 : 0;
}

export type QuotaState = 'ok' | 'at_limit' | 'over_limit';

/** At limit when remaining is 0 or less; over limit when below 0. A pro space without a plan is at quota. */
export function quotaState(
  limit: number | null,
  used: number,
  opts: { expiredProSpace?: boolean } = {},
): QuotaState {
  if (limit === null) return opts.expiredProSpace ? 'at_limit' : 'ok';
  const remaining = limit - used;
  if (remaining < 0) return 'over_limit';
  if (remaining <= 0 || opts.expiredProSpace) return 'at_limit';
  return 'ok';
}

export function isAtQuota(state: QuotaState): boolean {
  return state !== 'ok';
}

/** A pro space without a plan is expired (spec section 9). */
export function isExpiredProSpace(space: { space: string; plan_id: string | null | undefined }): boolean {
  return space.space === 'pro' && !space.plan_id;
}

/**
 * Seats (spec 6.5): plan_seats when set; for pro spaces 50 when the things limit is 100, else unlimited;
 * unlimited otherwise. null means unlimited.
 */
export function seatLimit(
  space: { space: string; plan_seats: number | null | undefined },
  thingsLimit: number | null,
): number | null {
  if (space.plan_seats !== null && space.plan_seats !== undefined && space.plan_seats > 0)
    return space.plan_seats;
  if (space.space === 'pro') return thingsLimit === 100 ? 50 : null;
  return null;
}
