import {
  ADMIN_ROLE,
  type addMembersBodySchema,
  isRole,
  type Member,
  ROLE_OPTIONS,
  type Role,
  roleFitsSpace,
  rolesAllow,
  type SpaceInvitation,
} from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createAccountRepository, type UserRow } from '../accounts/account.repository.ts';
import { emailProblem, usernameProblem } from '../accounts/account.rules.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { seatsOf } from '../plans/plan-rules.ts';
import { createSpaceAccess, ROLE_FORBIDS } from '../spaces/space-access.ts';
import { createSpacesRepository, type OrganizationRow } from '../spaces/spaces.repository.ts';
import { JOIN_ROLE } from '../spaces/spaces.service.ts';
import { inTransaction } from '../spaces/transaction.ts';
import { invitationMail } from './invitation.mail.ts';
import {
  createInvitationsRepository,
  type InvitationRow,
  type InvitationsRepository,
} from './invitations.repository.ts';
import { createMembersRepository, type MemberRow, type MembersRepository } from './members.repository.ts';

type AddBody = z.infer<typeof addMembersBodySchema>;

const LAST_ADMIN = 'A space needs at least one admin: make another member admin first.';
const MINOR_EDU_ONLY = 'Minors can only be members of school (edu) spaces.';
const MINOR_STUDENT_ONLY = 'A minor can only be a student.';

function toMember(row: MemberRow): Member {
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

/** What the space sees of an invitation: the login as typed, never the account it matched. */
function toInvitation(row: InvitationRow): SpaceInvitation {
  return {
    id: row.id,
    login: row.login,
    roles: row.roles,
    status: 'invited',
    invited_at: row.createdAt.toISOString(),
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

const isLogin = (login: string) => emailProblem(login) === null || usernameProblem(login) === null;

/**
 * The account an invitation reaches, or null. Never a minor (minors join by code only), and never through an
 * e-mail address its owner has not verified (whoever typed it may not own it); such an e-mail invitation waits
 * for whoever verifies that address. The caller answers the same either way.
 */
function recipientOf(account: UserRow | null, login: string): UserRow | null {
  if (!account || account.isMinor) return null;
  if (account.email.toLowerCase() === login.toLowerCase() && !account.emailVerified) return null;
  return account;
}

const roleLabel = (org: OrganizationRow, role: string) =>
  ROLE_OPTIONS[org.space].find((o) => o.value === role)?.label ?? role;

interface MembersServiceDeps {
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName' | 'publicUrl'>;
  /** Tells invitees by e-mail; without it they still find the invitation on Home. */
  mailer?: Mailer | undefined;
  logger?: FastifyBaseLogger | undefined;
}

/**
 * Members and roles of a space (spec 7.3); every change runs with the space row locked. Adding someone only
 * invites them: they become a member when they accept (invitations.service.ts).
 */
export function createMembersService(deps: MembersServiceDeps) {
  const spaces = createSpacesRepository(deps.db);
  const access = createSpaceAccess(deps.db, spaces);
  const accounts = createAccountRepository(deps.db);
  const audit = createAuditLog({ db: deps.db });

  /** Runs fn with the space locked, the repositories bound to the same transaction. */
  function locked<T>(
    orgId: string,
    fn: (
      members: MembersRepository,
      org: OrganizationRow,
      invitations: InvitationsRepository,
      tx: Database,
    ) => Promise<T>,
  ) {
    return inTransaction(deps.db, async (tx) => {
      const org = await createSpacesRepository(tx).lock(orgId);
      if (!org) throw notFound('Space');
      return fn(createMembersRepository(tx), org, createInvitationsRepository(tx), tx);
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

  /**
   * Mails the invitees who have an account with a verified address. Not awaited, so an answer takes as long
   * whether or not an account matched; a failure is only logged (the invitation waits on Home anyway).
   */
  function notify(inviterId: string, org: OrganizationRow, sent: { row: InvitationRow; to: UserRow }[]) {
    const mailer = deps.mailer;
    const due = sent.filter((s) => s.to.emailVerified);
    if (!mailer || due.length === 0) return;
    void (async () => {
      const inviter = await accounts.findById(inviterId);
      const inviterName = inviter ? inviter.name || inviter.username : 'A member';
      for (const { row, to } of due) {
        await mailer.send(
          invitationMail({
            to: to.email,
            name: to.name,
            inviter: inviterName,
            spaceName: org.name,
            role: roleLabel(org, row.roles[0] ?? ''),
            productName: deps.config.productName,
            url: `${deps.config.publicUrl}/`,
          }),
        );
      }
    })().catch((err: unknown) => deps.logger?.warn({ err }, 'invitation mail not sent'));
  }

  return {
    async list(
      actorId: string,
      spaceId: string,
    ): Promise<{ members: Member[]; invitations: SpaceInvitation[] }> {
      const { org } = await access.require(actorId, spaceId, 'members.read');
      const members = await createMembersRepository(deps.db).list(org.id);
      const invitations = await createInvitationsRepository(deps.db).listForSpace(org.id);
      return { members: members.map(toMember), invitations: invitations.map(toInvitation) };
    },

    /**
     * Invites people by e-mail or username. The answer (201 and the pending invitations) is the same whether
     * an account matched, matched a minor, or matched nothing, so it reveals no account; only the invitee
     * ever sees the invitation.
     */
    async add(actorId: string, spaceId: string, body: AddBody): Promise<SpaceInvitation[]> {
      const { org, roles: actorRoles } = await access.require(actorId, spaceId, 'members.invite');
      // Who may not change roles (a teacher) may only invite with the base role (students).
      const mayChooseRole = rolesAllow(actorRoles, 'members.role');
      const seen = new Set<string>();
      const wanted: { login: string; role: Role; account: UserRow | null }[] = [];
      for (const entry of body.members) {
        const role = fittingRole(entry.role, org);
        if (!mayChooseRole && role !== JOIN_ROLE[org.space]) {
          throw forbidden(`Your role lets you add members only as ${JOIN_ROLE[org.space]}.`);
        }
        if (!isLogin(entry.login)) {
          throw new AppError(
            'validation_error',
            `"${entry.login}" is neither an e-mail address nor a username.`,
          );
        }
        const key = entry.login.toLowerCase();
        if (seen.has(key)) throw new AppError('validation_error', `"${entry.login}" is listed twice.`);
        seen.add(key);
        wanted.push({ login: entry.login, role, account: await accounts.findByLogin(entry.login) });
      }
      const sent = await locked(org.id, async (members, current, invitations) => {
        // Members are listed to the inviter anyway: saying one already belongs reveals nothing new.
        const ids = wanted.flatMap((w) => (w.account ? [w.account.id] : []));
        const already = new Set((await members.getMany(current.id, ids)).map((m) => m.id));
        for (const w of wanted) {
          if (w.account && already.has(w.account.id)) {
            throw new AppError('conflict', `"${w.login}" is already a member of this space.`);
          }
        }
        const pending = await invitations.pendingLogins(
          current.id,
          wanted.map((w) => w.login),
        );
        for (const w of wanted) {
          if (pending.has(w.login.toLowerCase())) {
            throw new AppError('conflict', `"${w.login}" is already invited to this space.`);
          }
        }
        // Seats hold members; an invitation takes one only when accepted (checked again then).
        const seats = seatsOf(current, deps.config.productSlug);
        const used = await members.count(current.id);
        if (seats !== null && used + wanted.length > seats) {
          throw new AppError(
            'conflict',
            `Not enough seats: ${used} of ${seats} used, ${wanted.length} more asked.`,
          );
        }
        const recipients = wanted.map((w) => recipientOf(w.account, w.login));
        const rows = await invitations.insertMany(
          wanted.map((w, i) => ({
            organizationId: current.id,
            login: w.login,
            userId: recipients[i]?.id ?? null,
            roles: [w.role],
            invitedBy: actorId,
          })),
        );
        return rows.map((row) => ({
          row,
          to: recipients[wanted.findIndex((w) => w.login === row.login)] ?? null,
        }));
      });
      notify(
        actorId,
        org,
        sent.flatMap((s) => (s.to ? [{ row: s.row, to: s.to }] : [])),
      );
      return sent.map((s) => toInvitation(s.row));
    },

    /** Withdraws a pending invitation; who may only invite students (teachers) withdraws only those. */
    async cancelInvitation(actorId: string, spaceId: string, invitationId: string): Promise<void> {
      const { org, roles } = await access.require(actorId, spaceId, 'members.invite');
      await locked(org.id, async (_members, current, invitations) => {
        const found = await invitations.findInSpace(current.id, invitationId);
        if (!found) throw notFound('Invitation');
        if (!rolesAllow(roles, 'members.role') && found.roles.some((r) => r !== JOIN_ROLE[current.space])) {
          throw forbidden(ROLE_FORBIDS);
        }
        await invitations.deleteInSpace(current.id, invitationId);
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
      return locked(org.id, async (members, current, _invitations, tx) => {
        const target = await members.get(current.id, memberId);
        if (!target) throw notFound('Member');
        checkMinor(target.isMinor, current, role);
        if (await losesLastAdmin(members, current, target, [role]))
          throw new AppError('conflict', LAST_ADMIN);
        await members.setRoles(current.id, memberId, [role]);
        // Recorded with the change (same transaction), old and new roles side by side; a no-op is no change.
        const same = target.roles.length === 1 && target.roles[0] === role;
        if (!same)
          await audit.record(
            {
              action: 'member.role_changed',
              actorId,
              targetType: 'user',
              targetId: target.id,
              targetLabel: target.username,
              details: { space_id: current.id, space_name: current.name, from: target.roles, to: [role] },
            },
            tx,
          );
        const updated = await members.get(current.id, memberId);
        if (!updated) throw notFound('Member');
        return toMember(updated);
      });
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
