import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError, notFound } from '../errors.ts';
import { createAccountRepository } from '../modules/accounts/account.repository.ts';
import { createAccountService } from '../modules/accounts/account.service.ts';
import { deleteAccount } from '../modules/accounts/account-deletion.ts';
import { LOCAL_OPERATOR_LABEL } from '../modules/admin/operators.ts';
import { createAuditLog } from '../modules/audit/audit-log.ts';
import { createCustomizationOperator } from '../modules/customization/customization.operator.ts';
import { activePlanOf } from '../modules/plans/plan-rules.ts';
import { createPlanOperator } from '../modules/plans/plans.operator.ts';
import { createSpacesRepository } from '../modules/spaces/spaces.repository.ts';
import { type Command, day } from './commands.ts';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** What the CLI records as the actor in the audit log: no account, the CLI itself. */
const BY_CLI = { actorId: null, actorLabel: LOCAL_OPERATOR_LABEL } as const;

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
/** The CLI sends no mail (no command of it mails anyone). */
const noMail = { send: async () => {} };

async function findUser(db: Database, login: string) {
  const user = login ? await createAccountRepository(db).findByLogin(login) : null;
  if (!user) throw new AppError('not_found', `No account found for "${login}".`);
  return user;
}

/**
 * Runs a command on the database itself: with no server running (or in tests, on their database). The same
 * operations the admin API runs, and the same audit entries, with the CLI as their actor.
 */
export async function executeDirect(command: Command, db: Database, config: Config, io: AdminIo) {
  const plans = createPlanOperator({ db, config });
  const audit = createAuditLog({ db, logger: quiet });
  switch (command.name) {
    case 'grant-plan': {
      const done = await plans.grant(command);
      const seats = 'seats' in done && done.seats ? `, ${done.seats} seats` : '';
      io.out(
        `Granted ${done.plan.name} (${done.plan.id}) to ${done.target}: until ${day(done.expiresAt)}${seats}.`,
      );
      const endsAt = done.expiresAt?.toISOString() ?? null;
      if ('user' in command.target) {
        const user = await findUser(db, command.target.user);
        await audit.record({
          ...BY_CLI,
          action: 'plan.granted',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.username,
          details: { plan_id: done.plan.id, ends_at: endsAt },
        });
      } else {
        const seats = 'seats' in done ? (done.seats ?? null) : null;
        await audit.record({
          ...BY_CLI,
          action: 'plan.granted',
          targetType: 'space',
          targetId: command.target.space,
          details: { plan_id: done.plan.id, seats, ends_at: endsAt },
        });
      }
      return;
    }
    case 'create-renewal': {
      const renewal = await plans.createRenewal(command);
      io.out(`Renewal for ${renewal.plan.name} (${renewal.plan.id}): ${renewal.id}`);
      io.out(`Activation link: ${renewal.url}`);
      return;
    }
    case 'list-spaces': {
      const rows = await createSpacesRepository(db).listAll();
      if (rows.length === 0) {
        io.out('No spaces yet.');
        return;
      }
      io.out(['id', 'kind', 'plan', 'seats', 'members', 'code', 'slug', 'name'].join('\t'));
      for (const r of rows) {
        const plan = r.planId ? `${r.planId}${activePlanOf(r) ? '' : ' (expired)'}` : '-';
        io.out(
          [r.id, r.space, plan, r.planSeats ?? '-', r.members, r.joinCode, r.slug ?? '-', r.name].join('\t'),
        );
      }
      return;
    }
    case 'add-customization': {
      const record = await createCustomizationOperator({ db }).saveRecord({
        companyKey: command.key,
        url: command.url,
        urlEnabled: command.enabled,
        clientId: command.clientId,
      });
      io.out(customizationLine(record.companyKey, record.url, record.urlEnabled, record.auth0Id));
      return;
    }
    case 'delete-user': {
      const user = command.login ? await createAccountRepository(db).findByLogin(command.login) : null;
      if (!user) throw notFound('User');
      const done = await deleteAccount(db, user.id, BY_CLI);
      const spaces = done.deletedSpaces.length;
      io.out(
        `Deleted user ${user.username} <${user.email}> (${user.id})` +
          (spaces ? ` and ${spaces} space${spaces === 1 ? '' : 's'} they were alone in.` : '.'),
      );
      return;
    }
    case 'set-slug': {
      const org = await createCustomizationOperator({ db }).setSlug(command.space, command.slug);
      io.out(slugLine(org.name, org.slug, config));
      return;
    }
    case 'set-operator': {
      const user = await findUser(db, command.login);
      const accounts = createAccountService({ db, mailer: noMail, config, logger: quiet });
      if (await accounts.setOperator(user.id, command.operator)) {
        await audit.record({
          ...BY_CLI,
          action: command.operator ? 'user.operator_granted' : 'user.operator_revoked',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.username,
        });
      }
      io.out(operatorLine(user.username, command.operator));
      return;
    }
  }
}

export const customizationLine = (key: string, url: string, enabled: boolean, clientId: string) =>
  `Customization "${key}": ${url} (${enabled ? 'enabled' : 'disabled'}${clientId ? `, client ${clientId}` : ''}).`;

export const slugLine = (name: string, slug: string | null, config: Pick<Config, 'baseHost'>) =>
  slug
    ? `Space "${name}" is served on ${slug}.${config.baseHost ?? '<BASE_HOST>'}.`
    : `Space "${name}" has no branded host now.`;

export const operatorLine = (username: string, operator: boolean) =>
  operator ? `${username} is an operator of this server.` : `${username} is no longer an operator.`;
