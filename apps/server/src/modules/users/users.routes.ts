import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { signedInRoute } from '../../http/route-access.ts';
import { errors, noContent, security } from '../../http/route-schemas.ts';
import type { AccountService } from '../accounts/account.service.ts';
import {
  confirmResultSchema,
  deleteAccountBody,
  profileQuery,
  profileSchema,
  settingsSchema,
  userIdParam,
} from './users.schemas.ts';
import type { UsersService } from './users.service.ts';

const tags = ['users'];

/** Users API of spec section 7.2. */
export const usersRoutes: FastifyPluginAsync<{
  users: UsersService;
  accounts: Pick<AccountService, 'deleteOwnAccount'>;
}> = async (app, { users: service, accounts }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  typed.get(
    '/users/v1/users/byID/:id',
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: 'Adult profile',
        params: userIdParam,
        querystring: profileQuery,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const scopes = (request.query.scopes ?? '').split(',').map((s) => s.trim());
      return service.adultProfile(actorOf(request).userId, request.params.id, scopes);
    },
  );

  typed.get(
    '/users/v1/children/byID/me',
    {
      config: signedInRoute(),
      schema: { tags, security, summary: 'Minor profile', response: { 200: profileSchema } },
    },
    async (request) => service.minorProfile(actorOf(request).userId),
  );

  typed.get(
    '/users/v1/users/settings',
    {
      config: signedInRoute(),
      schema: { tags, security, summary: 'User settings', response: { 200: settingsSchema } },
    },
    async (request) => service.getSettings(actorOf(request).userId),
  );

  typed.put(
    '/users/v1/users/settings',
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: 'Replace user settings',
        body: settingsSchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => service.putSettings(actorOf(request).userId, request.body),
  );

  typed.post(
    '/users/v1/users/byID/:id/confirm',
    {
      // Counted per user, after sign-in is known (the default hook runs before authentication).
      config: {
        ...signedInRoute(),
        rateLimit: {
          ...RATE_LIMITS.resendVerification,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => request.actor?.userId ?? request.ip,
        },
      },
      schema: {
        tags,
        security,
        summary: 'Resend the verification e-mail',
        params: userIdParam,
        response: { 202: confirmResultSchema },
      },
    },
    async (request, reply) => {
      await service.resendVerification(actorOf(request).userId, request.params.id);
      return reply.status(202).send({ status: 'sent' as const });
    },
  );

  typed.delete(
    '/users/v1/users/me',
    {
      // The password check must not become a guessing oracle for whoever holds a token: few tries per user.
      config: {
        ...signedInRoute(),
        rateLimit: {
          max: 5,
          timeWindow: '15 minutes',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `delete-account:${request.actor?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        security,
        summary: 'Delete my account for good',
        description:
          'Confirmed with the current password (or the username for accounts without one). Ends every ' +
          'session: every earlier token is refused. Spaces the user is alone in are deleted; what the user ' +
          "made in other spaces passes to an admin; refused (409) while the user is a space's last admin.",
        body: deleteAccountBody,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await accounts.deleteOwnAccount(actorOf(request).userId, request.body);
      return reply.status(204).send(null);
    },
  );
};
