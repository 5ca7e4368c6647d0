import { triggerFiringsSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
import { emptyBody, forceQuery, idParam, sendEmpty } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import {
  actionSchema,
  createActionBody,
  recipientsBody,
  triggerBody,
  triggerListQuery,
  triggerSchema,
  triggerTemplateSchema,
  triggerWithLinksSchema,
  updateActionBody,
} from './triggers.schemas.ts';
import type { TriggersService } from './triggers.service.ts';

const media = (t: string) => `application/vnd.arduino.${t}+json; charset=utf-8`;

/** Triggers v1 and actions v1 of the Arduino IoT Cloud API (TriggersV1Api, ActionsV1Api). */
export const triggersRoutes: FastifyPluginAsync<{ triggers: TriggersService }> = async (
  app,
  { triggers },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['iot: triggers'];
  const route = apiRoutes(app, { tags });

  route.get(
    '/iot/v1/triggers',
    spaceRoute('iot.read'),
    {
      summary: 'List triggers (device_id, property_id, source_type PROPERTY|DEVICE_INCLUDE|DEVICE_EXCLUDE)',
      querystring: triggerListQuery,
      response: { 200: z.array(triggerSchema) },
    },
    async (request, reply) => {
      const q = request.query;
      const list = await triggers.list(ref(request), {
        deviceId: q.device_id,
        propertyId: q.property_id,
        showDeleted: q.show_deleted,
        sourceType: q.source_type,
      });
      return reply.type(`application/vnd.arduino.trigger+json; type=collection; charset=utf-8`).send(list);
    },
  );

  route.put(
    '/iot/v1/triggers',
    spaceRoute('iot.write'),
    {
      summary: 'Create a trigger with its actions (412 without a paid plan beyond Entry or past the limit)',
      body: triggerBody,
      response: { 201: triggerSchema },
      status: 201,
      media: media('trigger'),
    },
    async (request) => triggers.create(ref(request), request.body),
  );

  route.get(
    '/iot/v1/triggers/:id',
    spaceRoute('iot.read'),
    {
      summary: 'Show a trigger with its linked property or devices',
      params: idParam,
      response: { 200: triggerWithLinksSchema },
      media: media('trigger_with_linked_entities'),
    },
    async (request) => triggers.show(ref(request), request.params.id),
  );

  for (const [method, mode] of [
    ['post', 'replace'],
    ['patch', 'merge'],
  ] as const) {
    typed[method](
      '/iot/v1/triggers/:id',
      {
        config: spaceRoute('iot.write'),
        schema: {
          tags,
          security,
          summary:
            mode === 'replace'
              ? 'Update a trigger; actions given replace its actions (soft_deleted: false restores)'
              : 'Patch a trigger; actions given are added',
          params: idParam,
          body: triggerBody,
          response: { 200: triggerSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .type(media('trigger'))
          .send(await triggers.update(ref(request), request.params.id, request.body, mode)),
    );
  }

  route.delete(
    '/iot/v1/triggers/:id',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete a trigger: soft by default, for good (with its actions) with force=true',
      params: idParam,
      querystring: forceQuery,
      empty: true,
    },
    async (request) => triggers.remove(ref(request), request.params.id, request.query.force ?? false),
  );

  route.get(
    '/iot/v1/triggers/:id/firings',
    spaceRoute('iot.read'),
    {
      summary: 'The recent firings of a trigger, newest first (the last 100 are kept)',
      params: idParam,
      response: { 200: triggerFiringsSchema },
    },
    async (request) => triggers.firings(ref(request), request.params.id),
  );

  route.get(
    '/iot/v1/triggers/:id/template',
    spaceRoute('iot.read'),
    {
      summary: 'The trigger as a template',
      params: idParam,
      response: { 200: triggerTemplateSchema },
      media: media('trigger_template'),
    },
    async (request) => triggers.template(ref(request), request.params.id),
  );

  route.post(
    '/iot/v1/triggers/:id/unsubscribe',
    spaceRoute('iot.write'),
    {
      summary: 'Take users off every action of the trigger',
      params: idParam,
      body: recipientsBody,
      empty: true,
    },
    async (request) => triggers.unsubscribe(ref(request), request.params.id, request.body.recipients),
  );

  const actionTags = ['iot: actions'];

  typed.get(
    '/iot/v1/actions',
    {
      config: spaceRoute('iot.read'),
      schema: {
        tags: actionTags,
        security,
        summary: 'List actions',
        response: { 200: z.array(actionSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('application/vnd.arduino.action+json; type=collection; charset=utf-8')
        .send(await triggers.listActions(ref(request))),
  );

  typed.post(
    '/iot/v1/actions',
    {
      config: spaceRoute('iot.write'),
      schema: {
        tags: actionTags,
        security,
        summary: 'Create an action (e-mail or push), optionally on a trigger',
        body: createActionBody,
        response: { 201: actionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .type(media('action'))
        .send(await triggers.createAction(ref(request), request.body)),
  );

  typed.get(
    '/iot/v1/actions/:id',
    {
      config: spaceRoute('iot.read'),
      schema: {
        tags: actionTags,
        security,
        summary: 'Show an action',
        params: idParam,
        response: { 200: actionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.type(media('action')).send(await triggers.showAction(ref(request), request.params.id)),
  );

  typed.put(
    '/iot/v1/actions/:id',
    {
      config: spaceRoute('iot.write'),
      schema: {
        tags: actionTags,
        security,
        summary: 'Update an action',
        params: idParam,
        body: updateActionBody,
        response: { 200: actionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type(media('action'))
        .send(await triggers.updateAction(ref(request), request.params.id, request.body)),
  );

  typed.delete(
    '/iot/v1/actions/:id',
    {
      config: spaceRoute('iot.delete'),
      schema: {
        tags: actionTags,
        security,
        summary: 'Delete an action',
        params: idParam,
        response: { 200: emptyBody, ...errors },
      },
    },
    async (request, reply) => {
      await triggers.deleteAction(ref(request), request.params.id);
      return sendEmpty(reply);
    },
  );

  typed.put(
    '/iot/v1/actions/:id/unsubscribe',
    {
      config: spaceRoute('iot.write'),
      schema: {
        tags: actionTags,
        security,
        summary: 'Take users off the action',
        params: idParam,
        body: recipientsBody,
        response: { 200: actionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type(media('action'))
        .send(await triggers.unsubscribeAction(ref(request), request.params.id, request.body.recipients)),
  );
};
