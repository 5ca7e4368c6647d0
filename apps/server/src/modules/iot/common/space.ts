import { isUuid, rolesAllow, type SpaceAction } from '@tinkercloud/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../../auth/auth.plugin.ts';
import type { Database } from '../../../db/client.ts';
import { iotChangeMarkers, memberships, organizations } from '../../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../../errors.ts';
import { ROLE_FORBIDS } from '../../spaces/space-access.ts';
import type { OrganizationRow } from '../../spaces/spaces.repository.ts';
import { apiClientOf } from './api-client-context.ts';

/** Who calls and which space they name: what every IoT service method receives. */
export interface SpaceRequest {
  actorId: string;
  /** The X-Organization header, trimmed; undefined when absent or empty. */
  header: string | undefined;
  /** The space an API-key token was issued for (it may act there only); null: My Cloud key; undefined: no key. */
  keySpace: string | null | undefined;
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
  /** Also read the device-list change marker, in the same query as the membership. */
  devicesMarker?: boolean;
}

/** The key of a space in iot_change_markers (the triggers of migration 0010_iot_change_marker_triggers compute the same). */
export function spaceKeyOf(space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>): string {
  return space.organizationId ? `o:${space.organizationId}` : `u:${space.ownerUserId}`;
}

/** A space none of whose devices changed since the database was created has no marker row yet. */
const NO_MARKER = '0';

export const MY_CLOUD = 'my-cloud';
export const OTHER_SPACE_KEY = 'This API key belongs to another space.';

export function spaceRequestOf(request: FastifyRequest): SpaceRequest {
  const header = request.headers['x-organization'];
  if (Array.isArray(header)) throw new AppError('bad_request', 'X-Organization must be given once.');
  const client = apiClientOf(request);
  return {
    actorId: actorOf(request).userId,
    header: header === undefined || header.trim() === '' ? undefined : header.trim(),
    keySpace: client ? client.organizationId : undefined,
  };
}

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
 * The rule on a caller's membership row in the space they named: none is 404 (as if the space did not
 * exist), roles not allowing `action` 403. For queries that read the membership along with their data
 * (the series batch) instead of through `resolve`.
 */
export function admitMember<M extends { roles: string[] }>(m: M | null | undefined, action: SpaceAction): M {
  if (!m) throw notFound('Space');
  if (!rolesAllow(m.roles, action)) throw forbidden(ROLE_FORBIDS);
  return m;
}

/**
 * Resolves `X-Organization` (the only header parameter of the upstream API): absent or "my-cloud" is the
 * caller's My Cloud, where they may do anything; an organisation id needs membership (404 otherwise, as if it
 * did not exist) and a role allowing `action` (403). A token from an API key made for a space acts there only.
 */
export function createSpaceResolver(db: Database) {
  // The space, the caller's roles and (when asked) the marker in one round trip (the same rule as
  // spaces/space-access.ts). Prepared once: every /iot call runs one of these.
  const member = and(
    eq(memberships.organizationId, organizations.id),
    eq(memberships.userId, sql.placeholder('actor')),
  );
  const memberQuery = db
    .select({ org: organizations, roles: memberships.roles })
    .from(organizations)
    .innerJoin(memberships, member)
    .where(eq(organizations.id, sql.placeholder('space')))
    .limit(1)
    .prepare('iot_space_member');
  const memberMarkerQuery = db
    .select({ org: organizations, roles: memberships.roles, marker: iotChangeMarkers.devices })
    .from(organizations)
    .innerJoin(memberships, member)
    .leftJoin(iotChangeMarkers, eq(iotChangeMarkers.spaceKey, sql`'o:' || ${organizations.id}::text`))
    .where(eq(organizations.id, sql.placeholder('space')))
    .limit(1)
    .prepare('iot_space_member_marker');
  const markerQuery = db
    .select({ marker: iotChangeMarkers.devices })
    .from(iotChangeMarkers)
    .where(eq(iotChangeMarkers.spaceKey, sql.placeholder('key')))
    .limit(1)
    .prepare('iot_space_marker');

  const markerText = (marker: number | null | undefined) =>
    marker === null || marker === undefined ? NO_MARKER : String(marker);

  async function membership(actorId: string, spaceId: string, withMarker: boolean) {
    if (!isUuid(spaceId)) return null;
    const params = { actor: actorId, space: spaceId };
    if (!withMarker) {
      const row = (await memberQuery.execute(params))[0];
      return row ? { ...row, marker: undefined } : null;
    }
    return (await memberMarkerQuery.execute(params))[0] ?? null;
  }

  async function myCloudMarker(userId: string): Promise<string> {
    return markerText((await markerQuery.execute({ key: `u:${userId}` }))[0]?.marker);
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
      if (withMarker) space.devicesMarker = await myCloudMarker(ref.actorId);
      return space;
    }
    const m = admitMember(await membership(ref.actorId, spaceId, withMarker), action);
    const space: IotSpace = {
      organizationId: m.org.id,
      ownerUserId: ref.actorId,
      actorId: ref.actorId,
      org: m.org,
    };
    if (withMarker) space.devicesMarker = markerText(m.marker);
    return space;
  };
}
export type SpaceResolver = ReturnType<typeof createSpaceResolver>;

/** SQL: the row belongs to this space. */
export function inSpace(
  table: { organizationId: PgColumn; ownerUserId: PgColumn },
  space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>,
): SQL {
  return space.organizationId
    ? eq(table.organizationId, space.organizationId)
    : (and(isNull(table.organizationId), eq(table.ownerUserId, space.ownerUserId)) as SQL);
}
