import {
  adminMeSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  grantPlanBodySchema,
  operatorBodySchema,
  operatorStatusSchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { apiRoutes } from '../../http/api-route.ts';
import { operatorRoute, signedInRoute } from '../../http/route-access.ts';
import type { AdminUsersService, Operator } from './admin-users.service.ts';
import { auditActorOf, type OperatorCheck } from './operators.ts';

const idParam = z.object({ id: z.uuid().describe("The account's id") });
const planParam = idParam.extend({ plan: z.string().min(1).max(64).describe('A plan id the user holds') });

/**
 * The operator acting: the signed-in caller (the gate let only operators in), or the admin CLI on this
 * machine, and where the call came from.
 */
const operatorOf = (request: FastifyRequest): Operator => ({
  ...auditActorOf(actorOf(request)),
  ip: request.ip,
});

/** The admin console's users API (issue 27); every route operators only, 404 to anyone else. */
export const adminUsersRoutes: FastifyPluginAsync<{
  users: AdminUsersService;
  operators: OperatorCheck;
}> = async (app, { users, operators }) => {
  const route = apiRoutes(app, { tags: ['admin'] });

  route.get(
    '/admin/v1/me',
    operatorRoute(),
    {
      summary: 'Whether the caller is an operator (404 otherwise: the web app hides Admin)',
      response: { 200: adminMeSchema },
    },
    async () => ({ operator: true as const }),
  );

  // Any signed-in user may ask about themselves: the web's user menu shows Admin on the answer, without a
  // 404 (which browsers log as an error) for everyone else.
  route.get(
    '/users/v1/me/operator',
    signedInRoute(),
    {
      summary: 'Whether the caller is an operator of this server (the Admin entry of the user menu)',
      response: { 200: operatorStatusSchema },
    },
    async (request) => ({ operator: await operators.isOperator(actorOf(request).userId) }),
  );

  route.get(
    '/admin/v1/users',
    operatorRoute(),
    {
      summary: 'Every account: search (username, e-mail, name), sort and pages',
      querystring: adminUsersQuerySchema,
      response: { 200: adminUsersPageSchema },
    },
    async (request) => users.list(request.query),
  );

  route.get(
    '/admin/v1/users/:id',
    operatorRoute(),
    {
      summary: 'One account with its plans and spaces',
      params: idParam,
      response: { 200: adminUserSchema },
    },
    async (request) => users.get(request.params.id),
  );

  route.post(
    '/admin/v1/users/:id/plans',
    operatorRoute(),
    {
      summary: 'Grant a My Cloud plan, with an end date or none',
      params: idParam,
      body: grantPlanBodySchema,
      response: { 200: adminUserSchema },
    },
    async (request) => users.grantPlan(operatorOf(request), request.params.id, request.body),
  );

  route.delete(
    '/admin/v1/users/:id/plans/:plan',
    operatorRoute(),
    {
      summary: 'End a running plan of the account now',
      params: planParam,
      response: { 200: adminUserSchema },
    },
    async (request) => users.endPlan(operatorOf(request), request.params.id, request.params.plan),
  );

  route.post(
    '/admin/v1/users/:id/disable',
    operatorRoute(),
    {
      summary: 'Disable the account: no sign-in; its sessions, tokens and API keys stop within seconds',
      params: idParam,
      response: { 200: adminUserSchema },
    },
    async (request) => users.setDisabled(operatorOf(request), request.params.id, true),
  );

  route.post(
    '/admin/v1/users/:id/enable',
    operatorRoute(),
    {
      summary: 'Enable a disabled account again',
      params: idParam,
      response: { 200: adminUserSchema },
    },
    async (request) => users.setDisabled(operatorOf(request), request.params.id, false),
  );

  route.post(
    '/admin/v1/users/:id/password-reset',
    operatorRoute(),
    {
      summary: "Mail a password-reset link to the account's address (valid 1 hour)",
      params: idParam,
      status: 204,
      empty: true,
    },
    async (request) => users.sendPasswordReset(operatorOf(request), request.params.id),
  );

  route.post(
    '/admin/v1/users/:id/verify-email',
    operatorRoute(),
    {
      summary: "Mark the account's e-mail address verified",
      params: idParam,
      response: { 200: adminUserSchema },
    },
    async (request) => users.verifyEmail(operatorOf(request), request.params.id),
  );

  route.put(
    '/admin/v1/users/:id/operator',
    operatorRoute(),
    {
      summary: 'Make the account an operator, or not (409 for the last operator)',
      params: idParam,
      body: operatorBodySchema,
      response: { 200: adminUserSchema },
    },
    async (request) => users.setOperator(operatorOf(request), request.params.id, request.body.operator),
  );

  route.delete(
    '/admin/v1/users/:id',
    operatorRoute(),
    {
      summary: 'Delete the account for good (the account-deletion operation; not your own)',
      params: idParam,
      status: 204,
      empty: true,
    },
    async (request) => users.remove(operatorOf(request), request.params.id),
  );
};
