import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../../http/api-route.ts';
import { signedInRoute, spaceRoute } from '../../../http/route-access.ts';
import { MEDIA } from '../common/media-types.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { FREQUENCY_PLANS } from './frequency-plans.ts';
import { frequencyPlansSchema, loraDeviceCreateBody, loraDeviceSchema } from './lora.schemas.ts';
import type { LoraService } from './lora.service.ts';

const tags = ['iot: lora devices'];

/** LoRa devices v1 (LoraDevicesV1Api) and the frequency plans they are registered with (LoraFreqPlanV1Api). */
export const loraRoutes: FastifyPluginAsync<{ lora: LoraService }> = async (app, { lora }) => {
  const route = apiRoutes(app, { tags });
  const plans = { frequency_plans: FREQUENCY_PLANS.map((p) => ({ ...p })) };

  route.get(
    '/iot/v1/lora-freq-plans/',
    signedInRoute(),
    {
      summary: 'The LoRaWAN frequency plans a LoRa device can be registered with',
      response: { 200: frequencyPlansSchema },
    },
    async (_request, reply) => reply.type(MEDIA.loraFreqPlans).send(plans),
  );

  route.put(
    '/iot/v1/lora-devices/',
    spaceRoute('iot.write'),
    {
      summary:
        'Register a LoRa device (a device of connection lora); its application EUI and key are made unless given, and answered once',
      body: loraDeviceCreateBody,
      response: { 201: loraDeviceSchema },
      status: 201,
      media: MEDIA.loraDevice,
    },
    async (request) => lora.create(ref(request), request.body),
  );
};
