import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { MEDIA } from '../common/media-types.ts';
import { forceQuery, idParam, showDeletedQuery } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import {
  propertyPayload,
  propertySchema,
  publishBody,
  thingPropertyParams,
  timeseriesQuery,
  timeseriesSchema,
} from './properties.schemas.ts';
import type { PropertiesService } from './properties.service.ts';
import {
  MAX_BATCH_VALUES,
  MAX_VALUES_PER_PUBLISH,
  publishBatchBody,
  thingPublishBody,
} from './publish.schemas.ts';

const tags = ['iot: properties'];

/** Properties v2 of the Arduino IoT Cloud API (PropertiesV2Api). */
export const propertiesRoutes: FastifyPluginAsync<{ properties: PropertiesService }> = async (
  app,
  { properties },
) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/iot/v2/things/:id/properties',
    spaceRoute('iot.read'),
    {
      summary: 'Properties of a thing',
      params: idParam,
      querystring: showDeletedQuery,
      response: { 200: z.array(propertySchema) },
      media: MEDIA.properties,
    },
    async (request) => properties.list(ref(request), request.params.id, request.query.show_deleted ?? false),
  );

  route.put(
    '/iot/v2/things/:id/properties',
    spaceRoute('iot.write'),
    {
      summary: 'Create a property',
      params: idParam,
      body: propertyPayload,
      response: { 201: propertySchema },
      status: 201,
      media: MEDIA.property,
    },
    async (request) => properties.create(ref(request), request.params.id, request.body),
  );

  route.get(
    '/iot/v2/things/:id/properties/:pid',
    spaceRoute('iot.read'),
    {
      summary: 'Show a property with its last value',
      params: thingPropertyParams,
      querystring: showDeletedQuery,
      response: { 200: propertySchema },
      media: MEDIA.property,
    },
    async (request) =>
      properties.show(
        ref(request),
        request.params.id,
        request.params.pid,
        request.query.show_deleted ?? false,
      ),
  );

  route.post(
    '/iot/v2/things/:id/properties/:pid',
    spaceRoute('iot.write'),
    {
      summary: 'Update a property',
      params: thingPropertyParams,
      body: propertyPayload,
      response: { 200: propertySchema },
      media: MEDIA.property,
    },
    async (request) => properties.update(ref(request), request.params.id, request.params.pid, request.body),
  );

  route.delete(
    '/iot/v2/things/:id/properties/:pid',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete a property: soft by default, for good (with its values) with force=true',
      params: thingPropertyParams,
      querystring: forceQuery,
      empty: true,
    },
    async (request) =>
      properties.remove(ref(request), request.params.id, request.params.pid, request.query.force ?? false),
  );

  route.put(
    '/iot/v2/things/:id/properties/:pid/publish',
    spaceRoute('iot.write'),
    {
      summary: 'Publish a value: it becomes the last value and is stored in the series when persisted',
      params: thingPropertyParams,
      body: publishBody,
      empty: true,
    },
    async (request) =>
      properties.publish(ref(request), request.params.id, request.params.pid, request.body.value),
  );

  route.put(
    '/iot/v2/things/:id/properties/:pid/publish_batch',
    spaceRoute('iot.write'),
    {
      summary: `Values of one variable with the time each was taken (at most ${MAX_BATCH_VALUES}); not sent to the device`,
      params: thingPropertyParams,
      body: publishBatchBody,
      empty: true,
    },
    async (request) =>
      properties.publishBatch(ref(request), request.params.id, request.params.pid, request.body),
  );

  route.put(
    '/iot/v2/things/:id/publish',
    spaceRoute('iot.write'),
    {
      summary: `Values of several variables by name (at most ${MAX_VALUES_PER_PUBLISH}), as the device (default) or to it (to_device)`,
      params: idParam,
      body: thingPublishBody,
      empty: true,
    },
    async (request) =>
      properties.publishMany(
        ref(request),
        request.params.id,
        request.body.properties,
        request.body.to_device ?? false,
      ),
  );

  route.get(
    '/iot/v2/things/:id/properties/:pid/timeseries',
    spaceRoute('iot.read'),
    {
      summary: 'Numeric values binned by interval seconds and aggregated (at most 1000 points)',
      params: thingPropertyParams,
      querystring: timeseriesQuery,
      response: { 200: timeseriesSchema },
      media: MEDIA.timeseries,
    },
    async (request) =>
      properties.timeseries(ref(request), request.params.id, request.params.pid, request.query),
  );
};
