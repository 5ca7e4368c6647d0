import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { AppError } from '../../errors.ts';
import { signedInRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import { apiClientOf } from '../iot/common/api-client-context.ts';
import { emptyBody } from '../iot/common/schemas.ts';
import type { AppLoginRequest } from './app-logins.ts';
import type { ConnectivityHooks } from './hooks.ts';

const loginBody = z
  .object({
    client_id: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .describe(
        'The MQTT client id the application will use; starts with the user id (default: the user id)',
      ),
  })
  .nullish();

const loginSchema = z.object({
  username: z.uuid().describe('The MQTT user name: the user id'),
  client_id: z.string(),
  expires_at: z.string().describe('When the token, and so the login, expires'),
});

/** The login this call's bearer token stands for: the token itself, where it may act, until when. */
function loginOf(request: FastifyRequest, clientId: string | undefined): AppLoginRequest {
  const actor = actorOf(request);
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const exp = actor.claims.exp;
  if (!token || typeof exp !== 'number') throw new AppError('bad_request', 'The token has no expiry.');
  const id = (clientId ?? actor.userId).trim();
  // As the embedded broker checks: an application cannot take a device's (or another user's) client id.
  if (!id.toLowerCase().startsWith(actor.userId)) {
    throw new AppError('validation_error', 'client_id must start with the user id.');
  }
  const key = apiClientOf(request);
  return {
    userId: actor.userId,
    token,
    clientId: id,
    // A My Cloud key may name other spaces (X-Organization), as an identity-provider token may: the same here.
    scope: key?.organizationId ?? '*',
    apiClientId: key?.clientId ?? null,
    expiresAt: new Date(exp * 1000),
  };
}

/**
 * Our extension: MQTT logins of applications (user name = user id, password = access token). The embedded
 * broker checks tokens itself; an external one learns this call's token, and forgets it at its expiry or on
 * DELETE. One login per user: a newer token replaces the older (whose connections the broker then drops).
 */
export const appLoginRoutes: FastifyPluginAsync<{ connectivity?: ConnectivityHooks }> = async (
  app,
  { connectivity },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.put(
    '/iot/v2/mqtt/login',
    {
      config: signedInRoute(),
      schema: {
        tags: ['iot: mqtt'],
        security,
        summary: "Lets this call's access token log in to the MQTT broker as the user",
        body: loginBody,
        response: { 200: loginSchema, ...errors },
      },
    },
    async (request) => {
      const login = loginOf(request, request.body?.client_id);
      await connectivity?.appLogin(login);
      return {
        username: login.userId,
        client_id: login.clientId,
        expires_at: login.expiresAt.toISOString(),
      };
    },
  );
  typed.delete(
    '/iot/v2/mqtt/login',
    {
      config: signedInRoute(),
      schema: {
        tags: ['iot: mqtt'],
        security,
        summary: "Ends the user's MQTT login (external broker); its connections are dropped",
        response: { 200: emptyBody, ...errors },
      },
    },
    async (request) => {
      await connectivity?.appLogout(actorOf(request).userId);
      return null;
    },
  );
};
