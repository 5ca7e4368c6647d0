import { ONBOARDINGS_EVENT, onboardingSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { spaceRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import { type SpaceResolver, spaceRequestOf } from '../iot/common/space.ts';
import { streamOptions } from '../live/live.routes.ts';
import type { EventBus } from '../live/live-event.ts';
import { openSse } from '../live/sse.ts';
import { STREAM_OPEN_RATE_LIMIT, type StreamRegistry } from '../live/stream-registry.ts';
import type { ProvisioningService } from './provisioning.service.ts';

const tags = ['provisioning'];
const onboarding = onboardingSchema.extend({ created_at: z.string() });
const list = z.object({ onboardings: z.array(onboarding) });
const idParam = z.object({ id: z.string().max(64).describe('The onboarding id') });
const spaceHeader = z.object({
  'x-organization': z.string().max(64).optional().describe('The space; absent or `my-cloud` for My Cloud'),
});

interface ProvisioningRoutesDeps {
  provisioning: ProvisioningService;
  events: EventBus;
  registry: StreamRegistry;
  resolve: SpaceResolver;
  heartbeatMs: number;
}

/** Onboardings of boards from the browser (spec 3, 4.5, 7.4) under the provisioning host's prefix. */
export const provisioningRoutes: FastifyPluginAsync<ProvisioningRoutesDeps> = async (app, deps) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { provisioning } = deps;
  app.addHook('onRequest', app.authenticate);

  typed.get(
    '/provisioning/v1/onboarding',
    {
      config: spaceRoute('iot.read'),
      schema: {
        tags,
        security,
        summary: "The caller's onboardings in the space, newest first (the last 24 hours; all=true: all)",
        headers: spaceHeader,
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: list, ...errors },
      },
    },
    async (request) => ({
      onboardings: await provisioning.list(spaceRequestOf(request), request.query.all === 'true'),
    }),
  );

  typed.get(
    '/provisioning/v1/onboarding/sse',
    {
      config: { ...spaceRoute('iot.read'), rateLimit: STREAM_OPEN_RATE_LIMIT },
      schema: {
        tags,
        security,
        summary: "The caller's onboardings in the space as server-sent events",
        description:
          'text/event-stream of `onboardings` events whose data is {onboardings: [...]} as the list answers: ' +
          'one at once, then one at each change (started, ended, provisioned when the device connects). A ' +
          'comment line every 15 s.',
        headers: spaceHeader,
        produces: ['text/event-stream'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const ref = spaceRequestOf(request);
      const watch = await provisioning.watch(ref);
      const stream = openSse(
        request,
        reply,
        streamOptions(request, ref, deps.resolve, { registry: deps.registry, heartbeatMs: deps.heartbeatMs }),
      );
      // One read at a time; changes during a read cause one more.
      let reading = false;
      let again = false;
      const push = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const onboardings = await watch.read();
            stream.send({ event: ONBOARDINGS_EVENT, data: { onboardings } });
          } while (again && !stream.closed);
        } catch (err) {
          request.log.warn({ err }, 'onboarding stream failed; closing it');
          stream.close();
        } finally {
          reading = false;
        }
      };
      const space = { organizationId: watch.owner.organizationId, ownerUserId: watch.owner.userId };
      const off = deps.events.subscribe(space, (e) => {
        if (e.type === 'onboardings.updated' && e.data.user_id === watch.owner.userId) void push();
      });
      stream.onClose(off);
      await push();
      return reply;
    },
  );

  typed.get(
    '/provisioning/v1/onboarding/:id',
    {
      config: spaceRoute('iot.read'),
      schema: {
        tags,
        security,
        summary: 'One onboarding of the caller',
        headers: spaceHeader,
        params: idParam,
        response: { 200: onboarding, ...errors },
      },
    },
    async (request) => provisioning.show(spaceRequestOf(request), request.params.id),
  );

  typed.post(
    '/provisioning/v1/onboarding',
    {
      config: spaceRoute('iot.write'),
      schema: {
        tags,
        security,
        summary: 'Start onboarding a device of the space (201; 200 with the one still waiting for it)',
        headers: spaceHeader,
        body: z.object({ device_id: z.uuid().describe('A device of the space') }),
        response: { 200: onboarding, 201: onboarding, ...errors },
      },
    },
    async (request, reply) => {
      const { created, onboarding: o } = await provisioning.start(
        spaceRequestOf(request),
        request.body.device_id,
      );
      return reply.code(created ? 201 : 200).send(o);
    },
  );

  typed.delete(
    '/provisioning/v1/onboarding/:id',
    {
      config: spaceRoute('iot.write'),
      schema: {
        tags,
        security,
        summary: 'End an onboarding (sets ended_at unless it was provisioned or ended already)',
        headers: spaceHeader,
        params: idParam,
        response: { 200: onboarding, ...errors },
      },
    },
    async (request) => provisioning.end(spaceRequestOf(request), request.params.id),
  );
};
