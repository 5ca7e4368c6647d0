import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { MEDIA } from '../common/media-types.ts';
import { idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { certCreateBody, certParams, certSchema, certUpdateBody } from './certs.schemas.ts';
import type { CertsService } from './certs.service.ts';

const tags = ['iot: device certificates'];

/** Device certificates of the Arduino IoT Cloud API (DevicesV2CertsApi). */
export const certsRoutes: FastifyPluginAsync<{ certs: CertsService }> = async (app, { certs }) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/iot/v2/devices/:id/certs',
    spaceRoute('iot.read'),
    {
      summary: "The device's certificates",
      params: idParam,
      response: { 200: z.array(certSchema) },
      media: MEDIA.certs,
    },
    async (request) => certs.list(ref(request), request.params.id),
  );

  route.put(
    '/iot/v2/devices/:id/certs',
    spaceRoute('iot.write'),
    {
      summary: 'Sign a certificate request (ECDSA P-256) with the device CA; CN becomes the device id',
      params: idParam,
      body: certCreateBody,
      response: { 201: certSchema },
      status: 201,
      media: MEDIA.cert,
    },
    async (request) => certs.create(ref(request), request.params.id, request.body),
  );

  route.get(
    '/iot/v2/devices/:id/certs/:cid',
    spaceRoute('iot.read'),
    { summary: 'Show a certificate', params: certParams, response: { 200: certSchema }, media: MEDIA.cert },
    async (request) => certs.show(ref(request), request.params.id, request.params.cid),
  );

  route.post(
    '/iot/v2/devices/:id/certs/:cid',
    spaceRoute('iot.write'),
    {
      summary: 'Enable or disable a certificate, or sign a new request in its place',
      params: certParams,
      body: certUpdateBody,
      response: { 200: certSchema },
      media: MEDIA.cert,
    },
    async (request) => certs.update(ref(request), request.params.id, request.params.cid, request.body),
  );

  route.delete(
    '/iot/v2/devices/:id/certs/:cid',
    spaceRoute('iot.delete'),
    { summary: 'Delete a certificate', params: certParams, empty: true },
    async (request) => certs.remove(ref(request), request.params.id, request.params.cid),
  );
};
