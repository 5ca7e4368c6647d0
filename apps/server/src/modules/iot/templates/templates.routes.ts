import { templateApplyRequestSchema, templateApplyResultSchema } from '@tinkercloud/shared/iot';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import type { TemplatesService } from './templates.service.ts';

/** Upstream's media type of the apply answer (ArduinoTemplate). */
const TEMPLATE_MEDIA = 'application/vnd.arduino.template+json; charset=utf-8';

/** `PUT /iot/v1/templates` (TemplatesApi `templatesApply`, issue 15). */
export const templatesApplyRoutes: FastifyPluginAsync<{ templates: TemplatesService }> = async (
  app,
  { templates },
) => {
  const route = apiRoutes(app.withTypeProvider<ZodTypeProvider>(), { tags: ['iot: templates'] });
  route.put(
    '/iot/v1/templates',
    spaceRoute('iot.write'),
    {
      summary:
        'Apply a template (a built-in one by template_name, a custom one by custom_template_id): its things, dashboards and triggers, all or nothing',
      body: templateApplyRequestSchema,
      response: { 200: templateApplyResultSchema },
    },
    async (request, reply) =>
      reply.type(TEMPLATE_MEDIA).send(await templates.apply(ref(request), request.body)),
  );
};
