import { refusedValuesSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../http/api-route.ts';
import { spaceRoute } from '../../http/route-access.ts';
import { idParam } from '../iot/common/schemas.ts';
import { spaceRequestOf as ref } from '../iot/common/space.ts';
import type { RefusedValuesService } from './refused-values.service.ts';

/**
 * Our extension: what a device sent that was refused, by name and reason, with counts and the last time
 * (issue 28 item 3: a board still sending a renamed variable's old name). For a device, and for a thing
 * through its device.
 */
export const refusedValuesRoutes: FastifyPluginAsync<{ refused: RefusedValuesService }> = async (
  app,
  { refused },
) => {
  const devices = apiRoutes(app, { tags: ['iot: devices'] });
  const things = apiRoutes(app, { tags: ['iot: things'] });

  devices.get(
    '/iot/v2/devices/:id/refused_values',
    spaceRoute('iot.read'),
    {
      summary: 'Values and messages the device sent that were refused, by name and reason, the latest first',
      params: idParam,
      response: { 200: refusedValuesSchema },
    },
    async (request) => refused.ofDevice(ref(request), request.params.id),
  );

  devices.delete(
    '/iot/v2/devices/:id/refused_values',
    spaceRoute('iot.write'),
    {
      summary: "Clear the device's refused values (counting starts again)",
      params: idParam,
      empty: true,
    },
    async (request) => refused.clear(ref(request), request.params.id),
  );

  things.get(
    '/iot/v2/things/:id/refused_values',
    spaceRoute('iot.read'),
    {
      summary: "Values the thing's device sent that were refused, by name and reason (none without a device)",
      params: idParam,
      response: { 200: refusedValuesSchema },
    },
    async (request) => refused.ofThing(ref(request), request.params.id),
  );
};
