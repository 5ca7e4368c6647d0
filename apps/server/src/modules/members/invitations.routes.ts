import { acceptInvitationResponseSchema, receivedInvitationsResponseSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { signedInRoute } from '../../http/route-access.ts';
import { errors, noContent, security } from '../../http/route-schemas.ts';
import type { InvitationsService } from './invitations.service.ts';

const tags = ['members'];
const base = '/classroom/v1/invitations';
const params = z.object({ id: z.uuid().describe('The invitation id') });

/** The caller's own invitations to spaces: only the invitee sees and answers them. */
export const invitationsRoutes: FastifyPluginAsync<{ invitations: InvitationsService }> = async (
  app,
  { invitations },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  typed.get(
    base,
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: "The caller's pending invitations to spaces (none for minors: they join by code)",
        response: { 200: receivedInvitationsResponseSchema, ...errors },
      },
    },
    async (request) => ({ invitations: await invitations.list(actorOf(request).userId) }),
  );

  typed.post(
    `${base}/:id/accept`,
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: 'Accept an invitation: join the space with the invited role (seats checked now)',
        params,
        response: { 200: acceptInvitationResponseSchema, ...errors },
      },
    },
    async (request) => invitations.accept(actorOf(request).userId, request.params.id),
  );

  typed.post(
    `${base}/:id/decline`,
    {
      config: signedInRoute(),
      schema: {
        tags,
        security,
        summary: 'Decline an invitation: it is deleted',
        params,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await invitations.decline(actorOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
