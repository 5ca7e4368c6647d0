import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { createSpaceOperator } from '../spaces/space-operator.ts';
import { adminSpacesRoutes } from './admin-spaces.routes.ts';
import { createAdminSpacesService } from './admin-spaces.service.ts';

/** The console's spaces (issue 27): list, plan, owner, deletion. */
export async function registerAdminSpaces(app: FastifyInstance, deps: { config: Config; db: Database }) {
  const { config, db } = deps;
  await app.register(adminSpacesRoutes, {
    spaces: createAdminSpacesService({
      db,
      config,
      audit: createAuditLog({ db, logger: app.log }),
      spaces: createSpaceOperator({ db }),
    }),
  });
}
