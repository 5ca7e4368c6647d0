/** How many items of each kind Home lists: enough to pick up where one left off, few enough to scan. */
export const RECENT_LIMIT = 5;

/** What ordering needs of a device, thing, dashboard or sketch: its last change, else its creation. */
export interface Dated {
  name: string;
  updated_at?: string | undefined;
  created_at?: string | undefined;
}

const NEVER = Number.NEGATIVE_INFINITY;
function changedAt(item: Dated): number {
  const at = Date.parse(item.updated_at ?? item.created_at ?? '');
  return Number.isNaN(at) ? NEVER : at;
}

/**
 * The most recently changed items first (an item without a readable date goes last), at most `limit`.
 * Equal dates keep a stable order by name, so the list does not shuffle between reads.
 */
export function mostRecent<T extends Dated>(items: readonly T[], limit = RECENT_LIMIT): T[] {
  return [...items]
    .sort((a, b) => changedAt(b) - changedAt(a) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

export type RecentKind = 'devices' | 'things' | 'dashboards' | 'sketches';

/**
 * A space is empty, and Home offers its get-started path instead of the recent lists, only when every list
 * has been read and holds nothing: a list that is loading or failed might still hold something.
 */
export function isEmptySpace(lists: Record<RecentKind, readonly unknown[] | undefined>): boolean {
  return Object.values(lists).every((list) => list !== undefined && list.length === 0);
}
