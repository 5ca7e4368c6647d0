import {
  ADMIN_ROLE,
  type createSpaceBodySchema,
  joinCodeSchema,
  SCHOOL_TYPES,
  type Space,
  type updateSpaceBodySchema,
} from '@tinkercloud/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../errors.ts';
import type { AccountService } from '../accounts/account.service.ts';
import { COUNTRY_CODES } from '../catalogue/countries.data.ts';
import { createInvitationsRepository } from '../members/invitations.repository.ts';
import { createPlanDefaults } from '../plans/plan-defaults.ts';
import { activePlanOf, catalogueFor, seatsOf } from '../plans/plan-rules.ts';
import { generateJoinCode, normaliseJoinCode } from './join-code.ts';
import { createSpaceAccess } from './space-access.ts';
import { toSpace } from './space-view.ts';
import { createSpacesRepository, type OrganizationRow } from './spaces.repository.ts';
import { inTransaction } from './transaction.ts';

type CreateBody = z.infer<typeof createSpaceBodySchema>;
type UpdateBody = z.infer<typeof updateSpaceBodySchema>;

export const INVALID_CODE = 'This is not a valid code.';
/** The role a self-invited user gets: student in a school, editor in a team. */
export const JOIN_ROLE = { edu: 'role:edu-student', pro: 'role:pro-editor' } as const;

interface SpacesServiceDeps {
  db: Database;
  accounts: Pick<AccountService, 'findById'>;
  config: Pick<Config, 'productSlug' | 'productName' | 'plans'>;
}

function checkTypeAndCountry(space: 'edu' | 'pro', type: string | undefined, country: string | undefined) {
  if (space === 'edu' && type && !(SCHOOL_TYPES as readonly string[]).includes(type)) {
    throw new AppError('validation_error', `Type must be one of: ${SCHOOL_TYPES.join(', ')}.`);
  }
  if (country !== undefined && !COUNTRY_CODES.has(country)) {
    throw new AppError('validation_error', 'Country must be an ISO 3166-1 alpha-2 code from /countries/v1.');
  }
}

/** Why the seats of spec 6.5 take no one more, or null when a seat is free. */
export function seatsFullReason(org: OrganizationRow, members: number, productSlug: string): string | null {
  const seats = seatsOf(org, productSlug);
  if (seats !== null && members >= seats)
    return `This space has no free seats (${members} of ${seats} used).`;
  return null;
}

/** Why a space takes no one by code, or null when it does (seats of 6.5; an expired pro space takes no one). */
function closedReason(org: OrganizationRow, members: number, productSlug: string): string | null {
  if (org.space === 'pro' && !activePlanOf(org)) return "This space's plan has expired.";
  return seatsFullReason(org, members, productSlug);
}

/** Spaces: listing, creation, settings, deletion and joining by code. */
export function createSpacesService(deps: SpacesServiceDeps) {
  const repo = createSpacesRepository(deps.db);
  const access = createSpaceAccess(deps.db, repo);
  const catalogue = catalogueFor(deps.config);
  const defaults = createPlanDefaults(deps.config);
  const view = (org: OrganizationRow, roles: string[], members: number) =>
    toSpace(org, roles, members, catalogue);

  async function account(actorId: string) {
    const found = await deps.accounts.findById(actorId);
    if (!found) throw unauthorized();
    return found;
  }

  return {
    async list(actorId: string): Promise<Space[]> {
      const rows = await repo.listForUser(actorId);
      return rows.map((r) => view(r.org, r.roles, r.members));
    },

    async create(actorId: string, body: CreateBody): Promise<Space> {
      const user = await account(actorId);
      if (user.isMinor) throw forbidden('Minors cannot create spaces.');
      checkTypeAndCountry(body.space, body.type, body.country);
      const roles = [ADMIN_ROLE[body.space]];
      for (let attempt = 0; ; attempt++) {
        try {
          const org = await inTransaction(deps.db, async (tx) => {
            const txRepo = createSpacesRepository(tx);
            const row = await txRepo.insert({
              name: body.name,
              space: body.space,
              type: body.type ?? '',
              country: body.country ?? '',
              joinCode: generateJoinCode(),
              // The operator's default plan for this kind of space, without an end date (issue 27).
              planId: await defaults.forNewSpace(tx, body.space),
            });
            await txRepo.insertMembership(row.id, actorId, roles);
            return row;
          });
          return view(org, roles, 1);
        } catch (err) {
          // A join-code collision (1 in 2^40 per pair): draw again.
          if (!isUniqueViolation(err) || attempt >= 4) throw err;
        }
      }
    },

    async update(actorId: string, spaceId: string, body: UpdateBody | null | undefined): Promise<Space> {
      const { org, roles } = await access.require(actorId, spaceId, 'space.update');
      const changes = {
        ...(body?.name !== undefined && { name: body.name }),
        ...(body?.type !== undefined && { type: body.type }),
        ...(body?.country !== undefined && { country: body.country }),
      };
      if (Object.keys(changes).length === 0) throw new AppError('bad_request', 'Nothing to update');
      checkTypeAndCountry(org.space, body?.type, body?.country);
      const updated = await repo.update(org.id, changes);
      if (!updated) throw notFound('Space');
      return view(updated, roles, await repo.memberCount(org.id));
    },

    async remove(actorId: string, spaceId: string): Promise<void> {
      const { org } = await access.require(actorId, spaceId, 'space.delete');
      await repo.delete(org.id);
    },

    async code(actorId: string, spaceId: string): Promise<{ code: string }> {
      const { org } = await access.require(actorId, spaceId, 'space.code.read');
      return { code: org.joinCode };
    },

    /** Who holds a valid code may see which space it opens and whether it takes them now. */
    async validateCode(actorId: string, rawCode: string) {
      if (!joinCodeSchema.safeParse(rawCode).success) throw new AppError('bad_request', INVALID_CODE);
      const org = await repo.findByJoinCode(normaliseJoinCode(rawCode));
      if (!org) throw new AppError('not_found', INVALID_CODE);
      // A member may always "join" again: the join answers that they already belong (spec 4.5).
      if (await repo.rolesOf(org.id, actorId)) return { organization_id: org.id, available: true };
      const user = await account(actorId);
      const closed =
        (user.isMinor && org.space === 'pro') ||
        closedReason(org, await repo.memberCount(org.id), deps.config.productSlug) !== null;
      return { organization_id: org.id, available: !closed };
    },

    /** Join by code as student (edu) or editor (pro); 201 when joined, already_member when one was. */
    async join(actorId: string, rawCode: string) {
      if (!joinCodeSchema.safeParse(rawCode).success) throw new AppError('bad_request', INVALID_CODE);
      const found = await repo.findByJoinCode(normaliseJoinCode(rawCode));
      if (!found) throw new AppError('not_found', INVALID_CODE);
      if (await repo.rolesOf(found.id, actorId)) {
        return { joined: false, body: { organization_id: found.id, already_member: true } };
      }
      const user = await account(actorId);
      if (user.isMinor && found.space === 'pro') throw forbidden('Minors can only join school spaces.');
      return inTransaction(deps.db, async (tx) => {
        const txRepo = createSpacesRepository(tx);
        const org = await txRepo.lock(found.id);
        if (!org) throw new AppError('not_found', INVALID_CODE);
        if (await txRepo.rolesOf(org.id, actorId)) {
          return { joined: false, body: { organization_id: org.id, already_member: true } };
        }
        const reason = closedReason(org, await txRepo.memberCount(org.id), deps.config.productSlug);
        if (reason) throw new AppError('conflict', reason);
        await txRepo.insertMembership(org.id, actorId, [JOIN_ROLE[org.space]]);
        // Invitations to this space waiting for them are answered by joining.
        await createInvitationsRepository(tx).deleteFor(user, org.id);
        return { joined: true, body: { organization_id: org.id } };
      });
    },
  };
}
export type SpacesService = ReturnType<typeof createSpacesService>;
