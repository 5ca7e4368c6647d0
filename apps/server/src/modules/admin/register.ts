import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AccountService } from '../accounts/account.service.ts';
import { auditRoutes } from '../audit/audit.routes.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { startAuditRetention } from '../audit/audit-retention.ts';
import { createPlanOperator } from '../plans/plans.operator.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import { createOperatorCheck } from './operators.ts';

/**
 * The operator's console API under `/admin/v1` (users, the audit log) and the audit log's retention job,
 * started with the app and stopped when it closes. Every route is `operatorRoute()`: the route gate answers
 * 404 to anyone but an operator (operators.ts).
 */
export async function registerAdminModules(
  app: FastifyInstance,
  deps: { config: Config; db: Database; accounts: AccountService },
) {
  const { config, db, accounts } = deps;
  const audit = createAuditLog({ db, retentionDays: config.audit.retentionDays, logger: app.log });
  const users = createAdminUsersService({
    db,
    config,
    accounts,
    plans: createPlanOperator({ db, config }),
    audit,
  });
  await app.register(async (admin) => {
    admin.addHook('onRequest', admin.authenticate);
    await admin.register(adminUsersRoutes, { users, operators: createOperatorCheck(db) });
    await admin.register(auditRoutes, { audit });
  });
  const retention = startAuditRetention(audit, (err) =>
    app.log.error({ err }, 'audit log retention failed; it runs again at the next tick'),
  );
  app.addHook('onClose', () => retention.stop());
}
