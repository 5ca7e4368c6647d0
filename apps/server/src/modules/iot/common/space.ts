import type { SQL } from 'drizzle-orm';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../../auth/auth.plugin.ts';
import { AppError } from '../../../errors.ts';
import type { IotSpace, SpaceRequest } from '../../spaces/space-access.ts';
import { apiClientOf } from './api-client-context.ts';

// The gate (membership, roles, My Cloud, API-key spaces) is modules/spaces/space-access.ts; IoT code names
// its types from here.
export type { IotSpace, ResolveOptions, SpaceRequest, SpaceResolver } from '../../spaces/space-access.ts';

/** The key of a space in iot_change_markers (the triggers of migration 0010_iot_change_marker_triggers compute the same). */
export function spaceKeyOf(space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>): string {
  return space.organizationId ? `o:${space.organizationId}` : `u:${space.ownerUserId}`;
}

const requests = new WeakMap<FastifyRequest, SpaceRequest>();

/**
 * The caller and the space a request names. The same object for the whole request, so the route gate and the
 * service share one membership read.
 */
export function spaceRequestOf(request: FastifyRequest): SpaceRequest {
  const known = requests.get(request);
  if (known) return known;
  const header = request.headers['x-organization'];
  if (Array.isArray(header)) throw new AppError('bad_request', 'X-Organization must be given once.');
  const client = apiClientOf(request);
  const ref: SpaceRequest = {
    actorId: actorOf(request).userId,
    header: header === undefined || header.trim() === '' ? undefined : header.trim(),
    keySpace: client ? client.organizationId : undefined,
    once: {},
  };
  requests.set(request, ref);
  return ref;
}

/** SQL: the row belongs to this space. */
export function inSpace(
  table: { organizationId: PgColumn; ownerUserId: PgColumn },
  space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>,
): SQL {
  return space.organizationId
    ? eq(table.organizationId, space.organizationId)
    : (and(isNull(table.organizationId), eq(table.ownerUserId, space.ownerUserId)) as SQL);
}
