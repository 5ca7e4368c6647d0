import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { createNotifier } from '../iot/notifications/notifier.ts';
import type { EventBus } from '../live/live-event.ts';
import { adminPlansRoutes } from './admin-plans.routes.ts';
import { createAdminPlansService } from './admin-plans.service.ts';
import { planRequestsRoutes } from './plan-requests.routes.ts';
import { createPlanRequestsService } from './plan-requests.service.ts';

/**
 * The plans' side of the admin console (issue 27): the operator's plan numbers and default plans, and plan
 * requests (users ask, operators decide). Registered after the live bus exists: requests notify in-app.
 */
export async function registerPlanAdmin(
  app: FastifyInstance,
  deps: { config: Config; db: Database; mailer: Mailer; events: EventBus },
) {
  const { config, db } = deps;
  const audit = createAuditLog({ db, logger: app.log });
  await app.register(adminPlansRoutes, { plans: createAdminPlansService({ db, config, audit }) });
  await app.register(planRequestsRoutes, {
    requests: createPlanRequestsService({
      db,
      config,
      audit,
      notifier: createNotifier({ db, events: deps.events }),
      mailer: deps.mailer,
      logger: app.log,
    }),
  });
}
