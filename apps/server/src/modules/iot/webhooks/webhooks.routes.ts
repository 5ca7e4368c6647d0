import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookInfoSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
} from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['iot: things'];

/** A thing's webhook: its signing secret, a test send and the delivery log (issue 14; no upstream counterpart). */
export const webhooksRoutes: FastifyPluginAsync<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/iot/v2/things/:id/webhook',
    spaceRoute('iot.read'),
    {
      summary: "The thing's webhook: address, switch, the signing secret's last characters, values dropped",
      params: idParam,
      response: { 200: webhookInfoSchema },
    },
    async (request) => webhooks.info(ref(request), request.params.id),
  );

  route.post(
    '/iot/v2/things/:id/webhook/secret',
    spaceRoute('iot.write'),
    {
      summary: "Make a new webhook signing secret for the thing (the old one stops signing); it's shown once",
      params: idParam,
      response: { 200: webhookSecretSchema },
    },
    async (request) => webhooks.rotateSecret(ref(request), request.params.id),
  );

  route.post(
    '/iot/v2/things/:id/webhook/test',
    spaceRoute('iot.write'),
    {
      summary: "Send a signed test document to the thing's webhook now and answer how the receiver answered",
      params: idParam,
      response: { 200: webhookTestResultSchema },
    },
    async (request) => webhooks.test(ref(request), request.params.id),
  );

  route.get(
    '/iot/v2/things/:id/webhook/deliveries',
    spaceRoute('iot.read'),
    {
      summary: "The thing's webhook deliveries (the last 100 are kept), newest first, a page at a time",
      params: idParam,
      querystring: webhookDeliveriesQuerySchema,
      response: { 200: webhookDeliveriesSchema },
    },
    async (request) => webhooks.deliveries(ref(request), request.params.id, request.query),
  );
};
