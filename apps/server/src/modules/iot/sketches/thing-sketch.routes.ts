import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { MEDIA } from '../common/media-types.ts';
import { idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { thingSchema } from '../things/things.schemas.ts';
import type { ThingSketchService } from './thing-sketch.service.ts';

const tags = ['iot: things'];
/** upstream `thingSketch` / `updateSketch`: which generation of the sketch to write (v2 by default). */
const sketchBody = z.object({ sketch_version: z.enum(['v1', 'v2']).optional() });
const sketchParams = idParam.extend({ sketchId: z.uuid().describe('The sketch id') });

/** The thing's sketch (ThingsV2Api createSketch, updateSketch, deleteSketch). */
export const thingSketchRoutes: FastifyPluginAsync<{ sketches: ThingSketchService }> = async (
  app,
  { sketches },
) => {
  const route = apiRoutes(app, { tags });

  route.put(
    '/iot/v2/things/:id/sketch',
    spaceRoute('iot.write'),
    {
      summary:
        "Generate the thing's sketch from its variables and device, and attach it (201 with the thing)",
      params: idParam,
      body: sketchBody,
      response: { 201: thingSchema },
      status: 201,
      media: MEDIA.thing,
    },
    async (request) => sketches.create(ref(request), request.params.id, request.body.sketch_version ?? 'v2'),
  );

  route.put(
    '/iot/v2/things/:id/sketch/:sketchId',
    spaceRoute('iot.write'),
    {
      summary: 'Attach a sketch of the space to the thing; with sketch_version, regenerate its files too',
      params: sketchParams,
      // The official client sends no body at all when none is given.
      body: sketchBody.nullish(),
      response: { 200: thingSchema },
      media: MEDIA.thing,
    },
    async (request) =>
      sketches.update(ref(request), request.params.id, request.params.sketchId, request.body?.sketch_version),
  );

  route.delete(
    '/iot/v2/things/:id/sketch',
    spaceRoute('iot.write'),
    {
      summary: 'Detach the sketch from the thing (the sketch itself is kept)',
      params: idParam,
      response: { 200: thingSchema },
      media: MEDIA.thing,
    },
    async (request) => sketches.detach(ref(request), request.params.id),
  );
};
