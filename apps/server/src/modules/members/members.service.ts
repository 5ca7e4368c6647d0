import {
  ADMIN_ROLE,
  type addMembersBodySchema,
  isRole,
  type Member,
  ROLE_OPTIONS,
  type Role,
  roleFitsSpace,
  rolesAllow,
} from '@tinkercloud/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { createAccountRepository } from '../accounts/account.repository.ts';
import { seatsOf } from '../plans/plan-rules.ts';
import { createSpaceAccess } from '../spaces/space-access.ts';
import { createSpacesRepository, type OrganizationRow } from '../spaces/spaces.repository.ts';
import { JOIN_ROLE } from '../spaces/spaces.service.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { createMembersRepository, type MemberRow, type MembersRepository } from './members.repository.ts';

type AddBody = z.infer<typeof addMembersBodySchema>;

export const LAST_ADMIN = 'A space needs at least one admin: make another member admin first.';
export const MINOR_EDU_ONLY = 'Minors can only be members of school (edu) spaces.';
export const MINOR_STUDENT_ONLY = 'A minor can only be a student.';

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    is_minor: row.isMinor,
    roles: row.roles,
    last_update: row.updatedAt.toISOString(),
  };
}

/** The role, checked against the space kind (spec 6.1: edu Admin/Teacher/Student, pro Admin/Editor). */
function fittingRole(role: string, org: OrganizationRow): Role {
  if (!isRole(role) || !roleFitsSpace(role, org.space)) {
    const allowed = ROLE_OPTIONS[org.space].map((o) => o.value).join(', ');
    throw new AppError('validation_error', `Role must be one of: ${allowed}.`);
  }
  return role;
}

/** Minors belong in school spaces only, and only as students. */
function checkMinor(isMinor: boolean, org: OrganizationRow, role: Role) {
  if (!isMinor) return;
  if (org.space !== 'edu') throw forbidden(MINOR_EDU_ONLY);
  if (role !== JOIN_ROLE.edu) throw forbidden(MINOR_STUDENT_ONLY);
}

/** Members and roles of a space (spec 7.3); every change runs with the space row locked. */
export function createMembersService(deps: { db: Database; config: Pick<Config, 'productSlug'> }) {
  const spaces = createSpacesRepository(deps.db);
  const access = createSpaceAccess(spaces);
  const accounts = createAccountRepository(deps.db);

  /** Runs fn with the space locked, members repository bound to the same transaction. */
  function locked<T>(orgId: string, fn: (members: MembersRepository, org: OrganizationRow) => Promise<T>) {
    return inTransaction(deps.db, async (tx) => {
      const org = await createSpacesRepository(tx).lock(orgId);
      if (!org) throw notFound('Space');
      return fn(createMembersRepository(tx), org);
    });
  }

  async function losesLastAdmin(
    members: MembersRepository,
    org: OrganizationRow,
    target: MemberRow,
    newRoles: readonly string[],
  ) {
    const admin = ADMIN_ROLE[org.space];
    if (!target.roles.includes(admin) || newRoles.includes(admin)) return false;
    return (await members.countWithRole(org.id, admin)) <= 1;
  }

  return {
    async list(actorId: string, spaceId: string): Promise<Member[]> {
      const { org } = await access.require(actorId, spaceId, 'members.read');
      return (await createMembersRepository(deps.db).list(org.id)).map(toMember);
    },

    async add(actorId: string, spaceId: string, body: AddBody): Promise<Member[]> {
      const { org, roles: actorRoles } = await access.require(actorId, spaceId, 'members.invite');
      // Who may not change roles (a teacher) may only add members with the base role (students).
      const mayChooseRole = rolesAllow(actorRoles, 'members.role');
      const seen = new Set<string>();
      const wanted: { userId: string; login: string; role: Role }[] = [];
      for (const entry of body.members) {
        const role = fittingRole(entry.role, org);
        if (!mayChooseRole && role !== JOIN_ROLE[org.space]) {
          throw forbidden(`Your role lets you add members only as ${JOIN_ROLE[org.space]}.`);
        }
        const user = await accounts.findByLogin(entry.login);
        if (!user) throw new AppError('not_found', `No account found for "${entry.login}".`);
        if (seen.has(user.id)) throw new AppError('validation_error', `"${entry.login}" is listed twice.`);
        seen.add(user.id);
        checkMinor(user.isMinor, org, role);
        wanted.push({ userId: user.id, login: entry.login, role });
      }
      return locked(org.id, async (members, current) => {
        for (const w of wanted) {
          if (await members.get(current.id, w.userId)) {
            throw new AppError('conflict', `"${w.login}" is already a member of this space.`);
          }
        }
        const seats = seatsOf(current, deps.config.productSlug);
        const used = await members.count(current.id);
        if (seats !== null && used + wanted.length > seats) {
          throw new AppError(
            'conflict',
            `Not enough seats: ${used} of ${seats} used, ${wanted.length} more asked.`,
          );
        }
        await members.insertMany(
          current.id,
          wanted.map((w) => ({ userId: w.userId, roles: [w.role] })),
        );
        return (
          await members.getMany(
            current.id,
            wanted.map((w) => w.userId),
          )
        ).map(toMember);
      });
    },

    async remove(actorId: string, spaceId: string, memberId: string): Promise<void> {
      const { org } = await access.require(actorId, spaceId, 'members.remove');
      await locked(org.id, async (members, current) => {
        const target = await members.get(current.id, memberId);
        if (!target) throw notFound('Member');
        if (await losesLastAdmin(members, current, target, [])) throw new AppError('conflict', LAST_ADMIN);
        await members.remove(current.id, memberId);
      });
    },

    /** Leaving: only oneself ("me" or one's own id); the last admin stays. */
    async leave(actorId: string, spaceId: string, memberId: string): Promise<void> {
      const { org } = await access.membership(actorId, spaceId);
      if (memberId !== 'me' && memberId !== actorId) throw forbidden('You can only end your own membership.');
      await locked(org.id, async (members, current) => {
        const self = await members.get(current.id, actorId);
        if (!self) throw notFound('Space');
        if (await losesLastAdmin(members, current, self, [])) {
          throw new AppError(
            'conflict',
            'The last admin cannot leave the space: make another member admin or delete the space.',
          );
        }
        await members.remove(current.id, actorId);
      });
    },

    async setRole(actorId: string, spaceId: string, memberId: string, rawRole: string): Promise<Member> {
      const { org } = await access.require(actorId, spaceId, 'members.role');
      const role = fittingRole(rawRole, org);
      return locked(org.id, async (members, current) => {
        const target = await members.get(current.id, memberId);
        if (!target) throw notFound('Member');
        checkMinor(target.isMinor, current, role);
        if (await losesLastAdmin(members, current, target, [role]))
          throw new AppError('conflict', LAST_ADMIN);
        await members.setRoles(current.id, memberId, [role]);
        const updated = await members.get(current.id, memberId);
        if (!updated) throw notFound('Member');
        return toMember(updated);
      });
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
