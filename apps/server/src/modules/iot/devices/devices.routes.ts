import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { sendCachedAnswer } from '../common/cached-reply.ts';
import { MEDIA } from '../common/media-types.ts';
import { forceQuery, idParam, showDeletedQuery } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { registerTagRoutes } from '../common/tag-routes.ts';
import { deviceClaimBody } from './claim.schemas.ts';
import {
  deviceCreateBody,
  deviceEventsSchema,
  deviceListQuery,
  devicePropertiesBody,
  devicePropertiesSchema,
  devicePropertyParams,
  devicePropertyValuesSchema,
  deviceSchema,
  deviceStatusSchema,
  deviceUpdateBody,
  pageQuery,
  passBody,
  passCheckBody,
  passQuery,
  passSchema,
} from './devices.schemas.ts';
import type { DevicesService } from './devices.service.ts';

const tags = ['iot: devices'];

/** Devices v2 of the Arduino IoT Cloud API (DevicesV2Api, DevicesV2TagsApi, DevicesV2PassApi). */
export const devicesRoutes: FastifyPluginAsync<{ devices: DevicesService }> = async (app, { devices }) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/iot/v2/devices',
    spaceRoute('iot.read'),
    {
      summary:
        'List devices (filters: serial, unique_hardware_id, tags=key:value repeated, show_deleted); ETag, If-None-Match and gzip',
      querystring: deviceListQuery,
      response: { 200: z.array(deviceSchema) },
    },
    async (request, reply) => {
      const q = request.query;
      const answer = await devices.listAnswer(ref(request), {
        serial: q.serial,
        uniqueHardwareId: q.unique_hardware_id,
        showDeleted: q.show_deleted,
        tags: q.tags,
      });
      return sendCachedAnswer(request, reply, answer, MEDIA.devices);
    },
  );

  route.put(
    '/iot/v2/devices',
    spaceRoute('iot.write'),
    {
      summary: 'Create a device',
      body: deviceCreateBody,
      response: { 201: deviceSchema },
      status: 201,
      media: MEDIA.device,
    },
    async (request) => devices.create(ref(request), request.body),
  );

  route.put(
    '/iot/v2/devices/claim',
    spaceRoute('iot.write'),
    {
      summary:
        'Claim a board by its unique hardware id (409 while a live device holds it; ID chooses the device id)',
      body: deviceClaimBody,
      response: { 201: deviceSchema },
      status: 201,
      media: MEDIA.device,
    },
    async (request) => devices.claim(ref(request), request.body),
  );

  route.post(
    '/iot/v2/devices/:id/remove-uhwid',
    spaceRoute('iot.write'),
    {
      summary:
        'Release the board: the device forgets its unique hardware id (412 while the device is locked)',
      params: idParam,
      response: { 200: deviceSchema },
      media: MEDIA.device,
    },
    async (request) => devices.removeHardwareId(ref(request), request.params.id),
  );

  route.get(
    '/iot/v2/devices/:id',
    spaceRoute('iot.read'),
    { summary: 'Show a device', params: idParam, response: { 200: deviceSchema }, media: MEDIA.device },
    async (request) => devices.show(ref(request), request.params.id),
  );

  route.post(
    '/iot/v2/devices/:id',
    spaceRoute('iot.write'),
    {
      summary: 'Update a device (soft_deleted: false restores it)',
      params: idParam,
      body: deviceUpdateBody,
      response: { 200: deviceSchema },
      media: MEDIA.device,
    },
    async (request) => devices.update(ref(request), request.params.id, request.body),
  );

  route.delete(
    '/iot/v2/devices/:id',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete a device: soft by default, for good with force=true',
      params: idParam,
      querystring: forceQuery,
      empty: true,
    },
    async (request) => devices.remove(ref(request), request.params.id, request.query.force ?? false),
  );

  route.get(
    '/iot/v2/devices/:id/properties',
    spaceRoute('iot.read'),
    {
      summary: 'Properties of the thing the device drives',
      params: idParam,
      querystring: showDeletedQuery,
      response: { 200: devicePropertiesSchema },
      media: MEDIA.deviceProperties,
    },
    async (request) =>
      devices.properties(ref(request), request.params.id, request.query.show_deleted ?? false),
  );

  route.put(
    '/iot/v2/devices/:id/properties',
    spaceRoute('iot.write'),
    {
      summary: 'Send property values as the device would (by property or variable name)',
      params: idParam,
      body: devicePropertiesBody,
      empty: true,
    },
    async (request) => devices.putProperties(ref(request), request.params.id, request.body.properties),
  );

  route.get(
    '/iot/v2/devices/:id/properties/:pid',
    spaceRoute('iot.read'),
    {
      summary: 'Stored values of one property, newest first (limit, start = older than)',
      params: devicePropertyParams,
      querystring: pageQuery,
      response: { 200: devicePropertyValuesSchema },
      media: MEDIA.devicePropertyValues,
    },
    async (request) =>
      devices.propertyValues(ref(request), request.params.id, request.params.pid, request.query),
  );

  route.get(
    '/iot/v2/devices/:id/events',
    spaceRoute('iot.read'),
    {
      summary: 'Last value of each property of the device',
      params: idParam,
      querystring: pageQuery,
      response: { 200: deviceEventsSchema },
      media: MEDIA.deviceEvents,
    },
    async (request) => devices.events(ref(request), request.params.id),
  );

  route.get(
    '/iot/v2/devices/:id/status',
    spaceRoute('iot.read'),
    {
      summary: 'Connection history (CONNECTED / DISCONNECTED), newest first',
      params: idParam,
      querystring: pageQuery,
      response: { 200: deviceStatusSchema },
      media: MEDIA.deviceStatusEvents,
    },
    async (request) => devices.status(ref(request), request.params.id, request.query),
  );

  registerTagRoutes(app, { base: '/iot/v2/devices', noun: 'device', openApiTags: tags, service: devices });

  route.get(
    '/iot/v2/devices/:id/pass',
    spaceRoute('iot.read'),
    {
      summary: 'Whether the secret key is set; suggested_password=true proposes one',
      params: idParam,
      querystring: passQuery,
      response: { 200: passSchema },
      media: MEDIA.devicePass,
    },
    async (request) =>
      devices.pass(ref(request), request.params.id, request.query.suggested_password ?? false),
  );

  route.put(
    '/iot/v2/devices/:id/pass',
    spaceRoute('iot.write'),
    {
      summary: 'Set the secret key (kept hashed; it cannot be read back)',
      params: idParam,
      body: passBody,
      response: { 200: passSchema },
      media: MEDIA.devicePass,
    },
    async (request) => devices.setPass(ref(request), request.params.id, request.body.password),
  );

  route.post(
    '/iot/v2/devices/:id/pass',
    spaceRoute('iot.read'),
    {
      summary: 'Check a secret key: 200 when it matches, 400 otherwise',
      params: idParam,
      body: passCheckBody,
      empty: true,
    },
    async (request) => devices.checkPass(ref(request), request.params.id, request.body.password),
  );

  route.delete(
    '/iot/v2/devices/:id/pass',
    spaceRoute('iot.delete'),
    { summary: 'Remove the secret key', params: idParam, empty: true },
    async (request) => devices.deletePass(ref(request), request.params.id),
  );
};
