import {
  groupFolderSchema as folderSchema,
  GROUP_KINDS,
  groupListSchema,
  groupItemSchema as itemSchema,
  markNotificationsReadAnswer,
  markNotificationsReadBody,
  notificationListSchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../auth/auth.plugin.ts';
import { apiRoutes } from '../../../http/api-route.ts';
import { signedInRoute, spaceRoute } from '../../../http/route-access.ts';
import { errors, noContent, security } from '../../../http/route-schemas.ts';
import { queryBool } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { allTimeZones, timezoneInfo } from '../common/timezones.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { GroupsService } from './groups.service.ts';

const folderName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');
const itemRef = z.object({ kind: z.enum(GROUP_KINDS), id: z.uuid() });
const listParams = z.object({
  list: z.enum(['devices', 'things', 'dashboards', 'sketches', 'triggers', 'all']),
});

/**
 * The web app's lists of spec 7.4 with the space in X-Organization: group lists with folders, the trash,
 * time zones and notifications.
 */
export const groupsRoutes: FastifyPluginAsync<{
  groups: GroupsService;
  notifications: NotificationsService;
}> = async (app, { groups, notifications }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];
  const route = apiRoutes(app, { tags });

  route.get(
    '/groups/v1/:list',
    spaceRoute('iot.read'),
    {
      summary: 'Folders and items of a kind (or all) under parent_id; show_deleted adds the trash',
      params: listParams,
      querystring: z.object({ parent_id: z.uuid().optional(), show_deleted: queryBool.optional() }),
      response: { 200: groupListSchema },
    },
    async (request) =>
      groups.list(ref(request), request.params.list, {
        parentId: request.query.parent_id,
        showDeleted: request.query.show_deleted,
      }),
  );

  route.get(
    '/groups/v1/trash',
    spaceRoute('iot.read'),
    {
      summary: 'Soft-deleted devices, things, dashboards and triggers of the space',
      response: { 200: z.object({ items: z.array(itemSchema) }) },
    },
    async (request) => groups.trash(ref(request)),
  );

  route.post(
    '/groups/v1/trash/restore',
    spaceRoute('iot.write'),
    {
      summary: 'Restore soft-deleted items (plan limits apply)',
      body: z.object({ items: z.array(itemRef).min(1).max(100) }),
      response: { 204: noContent },
    },
    async (request, reply) => {
      await groups.restore(ref(request), request.body.items);
      return reply.status(204).send(null);
    },
  );

  route.post(
    '/groups/v1/trash/purge',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete items for good',
      body: z.object({ items: z.array(itemRef).min(1).max(100) }),
      response: { 204: noContent },
    },
    async (request, reply) => {
      await groups.purge(ref(request), request.body.items);
      return reply.status(204).send(null);
    },
  );

  route.post(
    '/groups/v1/folders',
    spaceRoute('iot.write'),
    {
      summary: 'Create a folder for items of one kind',
      body: z.object({ name: folderName, kind: z.enum(GROUP_KINDS), parent_id: z.uuid().optional() }),
      response: { 201: folderSchema },
    },
    async (request, reply) => reply.status(201).send(await groups.createFolder(ref(request), request.body)),
  );

  route.patch(
    '/groups/v1/folders/:id',
    spaceRoute('iot.write'),
    {
      summary: 'Rename a folder or move it (parent_id null: to the top)',
      params: z.object({ id: z.uuid() }),
      body: z.object({ name: folderName.optional(), parent_id: z.uuid().nullable().optional() }),
      response: { 200: folderSchema },
    },
    async (request) => groups.updateFolder(ref(request), request.params.id, request.body),
  );

  route.delete(
    '/groups/v1/folders/:id',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete a folder; what it held moves up to its parent',
      params: z.object({ id: z.uuid() }),
      response: { 204: noContent },
    },
    async (request, reply) => {
      await groups.deleteFolder(ref(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  route.put(
    '/groups/v1/items',
    spaceRoute('iot.write'),
    {
      summary: 'Move items of one kind into a folder (folder_id null: out of any folder)',
      body: z.object({
        kind: z.enum(GROUP_KINDS),
        ids: z.array(z.uuid()).min(1).max(500),
        folder_id: z.uuid().nullable(),
      }),
      response: { 204: noContent },
    },
    async (request, reply) => {
      await groups.move(ref(request), request.body);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/iot/v2/timezones',
    {
      config: signedInRoute(),
      schema: {
        tags: ['iot: time zones'],
        security,
        summary: 'Every time zone with its current UTC offset (seconds) and until when it holds',
        response: {
          200: z.array(z.object({ name: z.string(), offset: z.number().int(), until: z.string() })),
          ...errors,
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/vnd.arduino.timezone+json; type=collection; charset=utf-8')
        .send(allTimeZones().map((name) => timezoneInfo(name))),
  );

  typed.get(
    '/notifications',
    {
      config: signedInRoute(),
      schema: {
        tags: ['notifications'],
        security,
        summary: "The caller's notifications, newest first, with the unread count",
        response: {
          200: notificationListSchema,
          ...errors,
        },
      },
    },
    async (request) => notifications.list(actorOf(request).userId),
  );

  typed.post(
    '/notifications/read',
    {
      config: signedInRoute(),
      schema: {
        tags: ['notifications'],
        security,
        summary: 'Mark notifications read (all of them when ids is absent)',
        body: markNotificationsReadBody.nullish(),
        response: { 200: markNotificationsReadAnswer, ...errors },
      },
    },
    async (request) => notifications.markRead(actorOf(request).userId, request.body?.ids),
  );
};
