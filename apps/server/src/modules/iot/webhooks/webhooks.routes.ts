import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { webhookDeliveriesSchema, webhookSecretSchema } from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['iot: things'];

/** A thing's webhook: its signing secret and delivery log (issue 14; no upstream counterpart). */
export const webhooksRoutes: FastifyPluginAsync<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const route = apiRoutes(app, { tags });

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

  route.get(
    '/iot/v2/things/:id/webhook/deliveries',
    spaceRoute('iot.read'),
    {
      summary: "The thing's last 100 webhook deliveries, newest first, and the values dropped over the rate",
      params: idParam,
      response: { 200: webhookDeliveriesSchema },
    },
    async (request) => webhooks.deliveries(ref(request), request.params.id),
  );
};
