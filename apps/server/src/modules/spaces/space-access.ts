import { rolesAllow, type SpaceAction } from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import {
  createSpacesRepository,
  type OrganizationRow,
  type SpaceMember,
  type SpacesRepository,
} from './spaces.repository.ts';

export type { OrganizationRow };

export interface SpaceMembership {
  org: OrganizationRow;
  roles: string[];
}

export const ROLE_FORBIDS = 'Your role in this space does not allow this.';
export const MY_CLOUD = 'my-cloud';
export const OTHER_SPACE_KEY = 'This API key belongs to another space.';

/**
 * The one rule of the gate, on a caller's membership row in a space: none is 404 (as if the space did not
 * exist, so ids reveal nothing), roles not allowing `action` 403. Every decision below ends here; queries
 * that read the membership along with their data (the series batch) call it on what they read.
 */
export function admit<M extends { roles: string[] }>(m: M | null | undefined, action: SpaceAction): M {
  if (!m) throw notFound('Space');
  if (!rolesAllow(m.roles, action)) throw forbidden(ROLE_FORBIDS);
  return m;
}

/**
 * `admit` for a service that read the caller's membership along with its data (a route declared `inQuery`):
 * My Cloud admits everything; the decision is noted on the request for the gate's check.
 */
export function admitIn<M extends { roles: string[] }>(
  ref: SpaceRequest,
  m: M | null | undefined,
  action: SpaceAction,
): void {
  if (spaceIdOf(ref) !== undefined) admit(m, action);
  noteAdmitted(ref, action);
}

function noteAdmitted(ref: SpaceRequest, action: SpaceAction) {
  if (!ref.once) return;
  ref.once.admitted ??= new Set();
  ref.once.admitted.add(action);
}

/** The rule without the error, for callers that decide many things at once (the MQTT app logins' grants). */
export function membershipAllows(roles: readonly string[], action: SpaceAction): boolean {
  return rolesAllow(roles, action);
}

/**
 * A space named by id (the `/classroom/v1/organizations/{id}` family): one query reads the space and the
 * caller's roles, then `admit` decides.
 */
export function createSpaceAccess(db: Database, repo: SpacesRepository = createSpacesRepository(db)) {
  async function membership(actorId: string, spaceId: string): Promise<SpaceMembership> {
    const m = await repo.memberOf(actorId, spaceId);
    if (!m) throw notFound('Space');
    return { org: m.org, roles: m.roles };
  }
  return {
    membership,
    async require(actorId: string, spaceId: string, action: SpaceAction): Promise<SpaceMembership> {
      const m = admit(await repo.memberOf(actorId, spaceId), action);
      return { org: m.org, roles: m.roles };
    },
  };
}
export type SpaceAccess = ReturnType<typeof createSpaceAccess>;

/** Who calls and which space they name (the `X-Organization` header): what every IoT service method receives. */
export interface SpaceRequest {
  actorId: string;
  /** The X-Organization header, trimmed; undefined when absent or empty. */
  header: string | undefined;
  /** The space an API-key token was issued for (it may act there only); null: My Cloud key; undefined: no key. */
  keySpace: string | null | undefined;
  /**
   * One HTTP request's membership read, shared by the route gate and the service it calls (one query per
   * request). Only `spaceRequestOf(request)` sets it; a long-lived caller (MQTT) leaves it out and reads anew.
   */
  once?: { member?: Promise<SpaceMember | null>; admitted?: Set<SpaceAction> };
}

/** The space an /iot call acts in: a school or team space, or the caller's My Cloud. */
export interface IotSpace {
  /** null for My Cloud. */
  organizationId: string | null;
  /** The My Cloud owner; in a space, the acting member (new resources are theirs). */
  ownerUserId: string;
  actorId: string;
  org: OrganizationRow | null;
  /** The space's device-list change marker (`iot_change_markers.devices`), when the caller asked for it. */
  devicesMarker?: string;
}

/** What a resolution reads besides the space and the caller's roles. */
export interface ResolveOptions {
  /** Also read the device-list change marker (in a space it comes with the membership, same query). */
  devicesMarker?: boolean;
}

/** A space none of whose devices changed since the database was created has no marker row yet. */
const NO_MARKER = '0';
const markerText = (marker: number | null | undefined) =>
  marker === null || marker === undefined ? NO_MARKER : String(marker);

/**
 * The organisation a call names (undefined: the caller's My Cloud). A token of an API key made for a space
 * may act there only (403 elsewhere).
 */
export function spaceIdOf(ref: SpaceRequest): string | undefined {
  let spaceId = ref.header ?? ref.keySpace ?? undefined;
  if (spaceId === MY_CLOUD) spaceId = undefined;
  if (ref.keySpace && spaceId !== ref.keySpace) throw forbidden(OTHER_SPACE_KEY);
  return spaceId;
}

/**
 * A space named by `X-Organization` (IoT, live, groups, OTA, provisioning, MQTT applications): absent or
 * "my-cloud" is the caller's My Cloud, where they may do anything; an organisation id goes through `admit`
 * on one query that reads the space, the caller's roles and the device-list marker together.
 */
export function createSpaceResolver(db: Database, repo: SpacesRepository = createSpacesRepository(db)) {
  function member(ref: SpaceRequest, spaceId: string): Promise<SpaceMember | null> {
    if (!ref.once) return repo.memberOf(ref.actorId, spaceId);
    ref.once.member ??= repo.memberOf(ref.actorId, spaceId);
    return ref.once.member;
  }

  return async function resolve(
    ref: SpaceRequest,
    action: SpaceAction,
    opts: ResolveOptions = {},
  ): Promise<IotSpace> {
    const spaceId = spaceIdOf(ref);
    const withMarker = opts.devicesMarker === true;
    if (!spaceId) {
      const space: IotSpace = {
        organizationId: null,
        ownerUserId: ref.actorId,
        actorId: ref.actorId,
        org: null,
      };
      if (withMarker) space.devicesMarker = markerText(await repo.devicesMarker(`u:${ref.actorId}`));
      noteAdmitted(ref, action);
      return space;
    }
    const m = admit(await member(ref, spaceId), action);
    const space: IotSpace = {
      organizationId: m.org.id,
      ownerUserId: ref.actorId,
      actorId: ref.actorId,
      org: m.org,
    };
    if (withMarker) space.devicesMarker = markerText(m.devicesMarker);
    noteAdmitted(ref, action);
    return space;
  };
}
export type SpaceResolver = ReturnType<typeof createSpaceResolver>;
