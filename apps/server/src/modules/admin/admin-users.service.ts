import type {
  AdminUser,
  AdminUsersPage,
  AdminUsersQuery,
  AuditAction,
  GrantPlanBody,
} from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AccountService } from '../accounts/account.service.ts';
import { isDemoAccount } from '../accounts/demo-account.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { createPlanOperator } from '../plans/plans.operator.ts';
import { type AdminUserRow, createAdminUsersRepository } from './admin-users.repository.ts';

/** The operator acting, as the audit log records them: their account, or none for the admin CLI. */
export interface Operator {
  actorId: string | null;
  actorLabel?: string;
  ip: string;
}

const NOT_YOURSELF = {
  disable: 'You cannot disable your own account: another operator can.',
  delete:
    'You cannot delete your own account here: another operator can, or you can in your account settings.',
};
const EXTERNAL_PASSWORD =
  'This account signs in through an external identity provider: its password is changed there.';
const PAST_END = 'The end date must be in the future.';

type PlanOperator = Pick<ReturnType<typeof createPlanOperator>, 'catalogue' | 'grant' | 'end'>;

/**
 * The admin console's users (issue 27): the list and each account's actions. Every action is recorded in the
 * audit log with the operator as its actor; the account changes themselves are the accounts module's (token
 * checks, sessions, deletion) and the plans module's (grants).
 */
export function createAdminUsersService(deps: {
  db: Database;
  config: Pick<Config, 'oidc'>;
  accounts: AccountService;
  plans: PlanOperator;
  audit: AuditLog;
}) {
  const repo = createAdminUsersRepository(deps.db);
  const planName = (id: string) => deps.plans.catalogue.find((p) => p.id === id)?.name ?? id;

  /** The answers of a page: its users' plans and spaces in one query each. */
  async function withDetails(rows: AdminUserRow[]): Promise<AdminUser[]> {
    const ids = rows.map((r) => r.id);
    const [plans, spaces] = await Promise.all([repo.plansOf(ids), repo.spacesOf(ids)]);
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      name: row.name,
      is_minor: row.isMinor,
      email_verified: row.emailVerified,
      is_operator: row.isOperator,
      disabled_at: row.disabledAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
      is_demo: isDemoAccount(row),
      plans: plans
        .filter((p) => p.userId === row.id)
        .map((p) => ({
          id: p.planId,
          name: planName(p.planId),
          ends_at: p.expiresAt?.toISOString() ?? null,
        })),
      spaces: spaces
        .filter((s) => s.userId === row.id)
        .map((s) => ({ id: s.id, name: s.name, space: s.space, role: s.roles[0] ?? '' })),
    }));
  }

  async function mustFind(id: string): Promise<AdminUserRow> {
    const row = await repo.byId(id);
    if (!row) throw notFound('User');
    return row;
  }

  async function answer(id: string): Promise<AdminUser> {
    const [user] = await withDetails([await mustFind(id)]);
    if (!user) throw notFound('User');
    return user;
  }

  const record = (
    by: Operator,
    action: AuditAction,
    target: AdminUserRow,
    details: Record<string, unknown> = {},
  ) =>
    deps.audit.record({
      action,
      actorId: by.actorId,
      ...(by.actorLabel !== undefined && { actorLabel: by.actorLabel }),
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.username,
      ip: by.ip,
      details,
    });

  return {
    async list(query: AdminUsersQuery): Promise<AdminUsersPage> {
      const { rows, total } = await repo.page(query);
      return { users: await withDetails(rows), total, page: query.page, per_page: query.per_page };
    },

    get: answer,

    async grantPlan(by: Operator, id: string, body: GrantPlanBody): Promise<AdminUser> {
      const target = await mustFind(id);
      const endsAt = body.ends_at === undefined ? undefined : new Date(body.ends_at);
      if (endsAt && endsAt.getTime() <= Date.now()) throw new AppError('validation_error', PAST_END);
      const granted = await deps.plans.grant({
        target: { userId: target.id },
        planId: body.plan_id,
        seats: body.seats,
        // Without an end date the plan has none (not the renewal's "extend by days").
        endsAt: endsAt ?? null,
      });
      await record(by, 'plan.granted', target, {
        plan_id: granted.plan.id,
        ends_at: granted.expiresAt?.toISOString() ?? null,
      });
      return answer(target.id);
    },

    async endPlan(by: Operator, id: string, planId: string): Promise<AdminUser> {
      const target = await mustFind(id);
      const ended = await deps.plans.end({ userId: target.id, planId });
      await record(by, 'plan.ended', target, { plan_id: ended.id });
      return answer(target.id);
    },

    async setDisabled(by: Operator, id: string, disabled: boolean): Promise<AdminUser> {
      const target = await mustFind(id);
      if (disabled && target.id === by.actorId) throw new AppError('conflict', NOT_YOURSELF.disable);
      if (await deps.accounts.setDisabled(target.id, disabled))
        await record(by, disabled ? 'user.disabled' : 'user.enabled', target);
      return answer(target.id);
    },

    async sendPasswordReset(by: Operator, id: string): Promise<void> {
      const target = await mustFind(id);
      if (!deps.config.oidc.embedded || target.external) throw new AppError('conflict', EXTERNAL_PASSWORD);
      await deps.accounts.requestPasswordReset(target.email);
      await record(by, 'user.password_reset_sent', target, { email: target.email });
    },

    async verifyEmail(by: Operator, id: string): Promise<AdminUser> {
      const target = await mustFind(id);
      if (await deps.accounts.markEmailVerified(target.id))
        await record(by, 'user.email_verified', target, { email: target.email });
      return answer(target.id);
    },

    async setOperator(by: Operator, id: string, operator: boolean): Promise<AdminUser> {
      const target = await mustFind(id);
      if (await deps.accounts.setOperator(target.id, operator))
        await record(by, operator ? 'user.operator_granted' : 'user.operator_revoked', target);
      return answer(target.id);
    },

    /** The account-deletion operation; its audit entry is written in the deletion's own transaction. */
    async remove(by: Operator, id: string): Promise<void> {
      const target = await mustFind(id);
      if (target.id === by.actorId) throw new AppError('conflict', NOT_YOURSELF.delete);
      await deps.accounts.deleteAccount(target.id, by);
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
