import type { HomeSearch, Space } from '@tinkercloud/shared';

/** Join-space flow steps (spec 4.5). */
export type JoinStep = 'start' | 'join' | 'end' | 'error';
/** Pro-space flow steps; a `space_id` of a team space starts at `name` (spec 4.3). */
export type ProSpaceStep = 'name' | 'invite' | 'end';
/** Get-started flow steps; it starts at `start` (spec 4.5). */
export type GetStartedStep = 'start' | 'create' | 'end';

/** The redirect after a successful join (spec section 9). */
export const JOIN_REDIRECT_MS = 500;

export type CreateKind = 'edu' | 'pro';

export type HomeFlow =
  | { flow: 'join'; code: string }
  | { flow: 'pro-space'; spaceId: string }
  | { flow: 'get-started' }
  | { flow: 'create'; kind: CreateKind }
  | null;

/** A join code must be non-empty, otherwise the flow starts at start. */
export function initialJoinStep(code: string | undefined): JoinStep {
  return code?.trim() ? 'join' : 'start';
}

const present = (value: string | undefined) => value !== undefined && value !== '' && value !== 'false';

/**
 * Which Home flow the search parameters open (documented in the web README):
 * - `join-code=CODE` opens the join flow at step join with the code; `join` or `join-space` (any value but
 *   `false`) open it at step start;
 * - `space_id` of a team space opens the pro-space flow at step name;
 * - `get-started` opens the get-started flow at step start;
 * - `kind=edu|pro` opens space creation of that kind (not for minors).
 */
export function flowFromSearch(
  search: HomeSearch,
  context: { isMinor: boolean; spaces: readonly Space[] },
): HomeFlow {
  const code = search['join-code']?.trim() ?? '';
  if (code || present(search.join) || present(search['join-space'])) return { flow: 'join', code };
  if (search.space_id) {
    const space = context.spaces.find((s) => s.id === search.space_id);
    if (space?.space === 'pro') return { flow: 'pro-space', spaceId: space.id };
  }
  if (present(search['get-started'])) return { flow: 'get-started' };
  if (!context.isMinor && (search.kind === 'edu' || search.kind === 'pro'))
    return { flow: 'create', kind: search.kind };
  return null;
}
