import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
import { MEDIA } from '../common/media-types.ts';
import { forceQuery, idParam, plainJson } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { registerTagRoutes } from '../common/tag-routes.ts';
import {
  forceBindQuery,
  thingCloneBody,
  thingCreateBody,
  thingListQuery,
  thingSchema,
  thingShowQuery,
  thingTemplateSchema,
  thingUpdateBody,
  thingWrittenSchema,
} from './things.schemas.ts';
import type { ThingsService } from './things.service.ts';

const tags = ['iot: things'];

/** Things v2 of the Arduino IoT Cloud API (ThingsV2Api, ThingsV2TagsApi). */
export const thingsRoutes: FastifyPluginAsync<{ things: ThingsService }> = async (app, { things }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const route = apiRoutes(app, { tags });

  typed.get(
    '/iot/v2/things',
    {
      config: spaceRoute('iot.read'),
      ...plainJson,
      schema: {
        tags,
        security,
        summary:
          'List things (filters: device_id, ids, tags=key:value repeated; show_properties, show_deleted)',
        querystring: thingListQuery,
        response: { 200: z.array(thingSchema), ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const list = await things.list(ref(request), {
        deviceId: q.device_id,
        ids: q.ids,
        showDeleted: q.show_deleted,
        showProperties: q.show_properties,
        tags: q.tags,
      });
      return reply.type(MEDIA.things).send(list);
    },
  );

  route.put(
    '/iot/v2/things',
    spaceRoute('iot.write'),
    {
      summary: 'Create a thing, with its properties (412 past the plan limit; force=true takes the device)',
      querystring: forceBindQuery,
      body: thingCreateBody,
      response: { 201: thingWrittenSchema },
      status: 201,
      media: MEDIA.thing,
    },
    async (request) => things.create(ref(request), request.body, request.query.force ?? false),
  );

  route.get(
    '/iot/v2/things/:id',
    spaceRoute('iot.read'),
    {
      summary: 'Show a thing with its properties',
      params: idParam,
      querystring: thingShowQuery,
      response: { 200: thingSchema },
      media: MEDIA.thing,
    },
    async (request) => things.show(ref(request), request.params.id, request.query.show_deleted ?? false),
  );

  route.post(
    '/iot/v2/things/:id',
    spaceRoute('iot.write'),
    {
      summary: 'Update a thing; device_id binds a device (force=true takes it from another thing)',
      params: idParam,
      querystring: forceBindQuery,
      body: thingUpdateBody,
      response: { 200: thingWrittenSchema },
      media: MEDIA.thing,
    },
    async (request) =>
      things.update(ref(request), request.params.id, request.body, request.query.force ?? false),
  );

  route.delete(
    '/iot/v2/things/:id',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete a thing: soft by default, for good (with its properties and values) with force=true',
      params: idParam,
      querystring: forceQuery,
      empty: true,
    },
    async (request) => things.remove(ref(request), request.params.id, request.query.force ?? false),
  );

  route.put(
    '/iot/v2/things/:id/clone',
    spaceRoute('iot.write'),
    {
      summary: 'Clone a thing with its properties (no device, no values)',
      params: idParam,
      body: thingCloneBody,
      response: { 201: thingSchema },
      status: 201,
      media: MEDIA.thing,
    },
    async (request) => things.clone(ref(request), request.params.id, request.body),
  );

  route.get(
    '/iot/v2/things/:id/template',
    spaceRoute('iot.read'),
    {
      summary: 'The thing as a template (variables by sketch name)',
      params: idParam,
      response: { 200: thingTemplateSchema },
      media: MEDIA.thingTemplate,
    },
    async (request) => things.template(ref(request), request.params.id),
  );

  registerTagRoutes(app, { base: '/iot/v2/things', noun: 'thing', openApiTags: tags, service: things });
};
