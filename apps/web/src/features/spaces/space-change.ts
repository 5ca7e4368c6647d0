import type { QueryClient } from '@tanstack/react-query';
import { CUSTOM_TEMPLATES_TAB } from '@tinkercloud/shared';
import type { SpaceSelection } from '@/lib/space-selection.ts';

/** Cached data that belongs to the user or the deployment, not to a space: kept across a space change. */
const GLOBAL_QUERY_ROOTS = new Set(['spaces', 'users', 'status', 'countries', 'customization']);

export function isSpaceScopedQuery(queryKey: readonly unknown[]): boolean {
  return !GLOBAL_QUERY_ROOTS.has(String(queryKey[0]));
}

export type SpaceChangeTarget =
  | { to: '/devices/' }
  | { to: '/things/' }
  | { to: '/templates/'; search: { tab: string } }
  | null;

/**
 * Where a page goes when the space changes (spec 2.3): a device page to the device list, a template page to
 * the custom templates. Other pages stay and re-run their guards. A thing page goes to the thing list likewise
 * (the spec names no thing pages; the thing belongs to the space that was left).
 */
export function routeAfterSpaceChange(pathname: string): SpaceChangeTarget {
  if (/^\/devices\/[^/]+/.test(pathname)) return { to: '/devices/' };
  if (/^\/things\/[^/]+/.test(pathname)) return { to: '/things/' };
  if (/^\/templates\/[^/]+/.test(pathname))
    return { to: '/templates/', search: { tab: CUSTOM_TEMPLATES_TAB } };
  return null;
}

interface RouterLike {
  state: { location: { pathname: string } };
  navigate(options: { to: string; search?: Record<string, string>; replace?: boolean }): Promise<void>;
  invalidate(): Promise<void>;
}

/**
 * On a space change: space-scoped caches are reset (active ones refetch in the new space), then device and
 * template pages move to their lists and every other page re-evaluates its guards.
 */
export function installSpaceChangeHandler(
  selection: SpaceSelection,
  router: RouterLike,
  queryClient: QueryClient,
): () => void {
  return selection.subscribe(() => {
    void queryClient.resetQueries({ predicate: (query) => isSpaceScopedQuery(query.queryKey) });
    const target = routeAfterSpaceChange(router.state.location.pathname);
    if (target) void router.navigate({ ...target, replace: true });
    else void router.invalidate();
  });
}
