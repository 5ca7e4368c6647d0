import {
  addMembersBodySchema,
  invitationsSentResponseSchema,
  memberRoleBodySchema,
  memberSchema,
  membersResponseSchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { spaceParamRoute } from '../../http/route-access.ts';
import { errors, noContent, security } from '../../http/route-schemas.ts';
import type { MembersService } from './members.service.ts';

const tags = ['members'];
const base = '/classroom/v1/organizations/:id/members';
const memberParams = z.object({ id: z.uuid(), memberId: z.uuid().describe("The member's user id") });
const leaveParams = z.object({
  id: z.uuid(),
  memberId: z.union([z.literal('me'), z.uuid()]).describe('"me" or the caller\'s own id'),
});

/** Members and roles of a space (spec 7.3). */
export const membersRoutes: FastifyPluginAsync<{ members: MembersService }> = async (app, { members }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  typed.get(
    base,
    {
      config: spaceParamRoute('members.read'),
      schema: {
        tags,
        security,
        summary:
          'Members of a space (with account fields) and its pending invitations (the typed login only)',
        params: z.object({ id: z.uuid() }),
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => members.list(actorOf(request).userId, request.params.id),
  );

  typed.post(
    base,
    {
      config: spaceParamRoute('members.invite'),
      schema: {
        tags,
        security,
        summary:
          'Invite people (by e-mail or username) with a role; they join when they accept. The answer is the same whether an account matches or not',
        params: z.object({ id: z.uuid() }),
        body: addMembersBodySchema,
        response: { 201: invitationsSentResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ invitations: await members.add(actorOf(request).userId, request.params.id, request.body) }),
  );

  typed.delete(
    '/classroom/v1/organizations/:id/invitations/:invitationId',
    {
      config: spaceParamRoute('members.invite'),
      schema: {
        tags,
        security,
        summary: 'Withdraw a pending invitation',
        params: z.object({ id: z.uuid(), invitationId: z.uuid().describe('The invitation id') }),
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await members.cancelInvitation(actorOf(request).userId, request.params.id, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    `${base}/:memberId`,
    {
      config: spaceParamRoute('members.remove'),
      schema: {
        tags,
        security,
        summary: 'Remove a member (never the last admin)',
        params: memberParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await members.remove(actorOf(request).userId, request.params.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    `${base}/:memberId/membership`,
    {
      config: spaceParamRoute('space.read'),
      schema: {
        tags,
        security,
        summary: 'Leave a space (the caller only; the last admin cannot leave)',
        params: leaveParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await members.leave(actorOf(request).userId, request.params.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  typed.patch(
    `${base}/:memberId/role`,
    {
      config: spaceParamRoute('members.role'),
      schema: {
        tags,
        security,
        summary: "Change a member's role (it must fit the space; the last admin stays admin)",
        params: memberParams,
        body: memberRoleBodySchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) =>
      members.setRole(
        actorOf(request).userId,
        request.params.id,
        request.params.memberId,
        request.body.member_role,
      ),
  );
};
