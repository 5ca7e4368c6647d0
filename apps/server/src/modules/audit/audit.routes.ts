import { auditPageSchema, auditQuerySchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute } from '../../http/route-access.ts';
import type { AuditLog } from './audit-log.ts';

/** The audit log for the operator's console: newest first, paged by `before`, filtered by action, who and time. */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditLog }> = async (app, { audit }) => {
  const route = apiRoutes(app, { tags: ['admin'] });

  route.get(
    '/admin/v1/audit',
    operatorRoute(),
    {
      summary: 'The audit log: operator actions, sign-ins, API keys, role changes, account deletions',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    },
    async (request) => audit.page(request.query),
  );
};
