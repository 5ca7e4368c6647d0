import {
  createSketchBodySchema,
  duplicateSketchBodySchema,
  renameSketchBodySchema,
  SKETCH_MAX_FILES,
  sketchSchema,
  sketchSecretsSchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { FILE_BODY_LIMIT } from './sketch-files.routes.ts';
import type { SketchesService } from './sketches.service.ts';

const tags = ['files'];

/** The sketches of a space (spec 7.5, `/create/v2/sketches`); shapes in packages/shared. */
export const sketchesRoutes: FastifyPluginAsync<{ sketches: SketchesService }> = async (
  app,
  { sketches },
) => {
  const route = apiRoutes(app, { tags });

  route.post(
    '/create/v2/sketches',
    spaceRoute('iot.write'),
    {
      summary:
        'Create a sketch: with no files, a {name}.ino with an empty setup() and loop(); with files (an .ino or an unpacked zip), those',
      body: createSketchBodySchema,
      response: { 201: sketchSchema },
      status: 201,
      // An upload may hold every file a sketch may have, each at its largest.
      bodyLimit: SKETCH_MAX_FILES * FILE_BODY_LIMIT,
    },
    async (request) => sketches.create(ref(request), request.body),
  );

  route.get(
    '/create/v2/sketches/byID/:id',
    spaceRoute('iot.read'),
    {
      summary: 'A sketch of the space with its files (no content; read them with /create/v2/files/f)',
      params: idParam,
      response: { 200: sketchSchema },
    },
    async (request) => sketches.show(ref(request), request.params.id),
  );

  route.patch(
    '/create/v2/sketches/byID/:id',
    spaceRoute('iot.write'),
    {
      summary: 'Rename a sketch; its main .ino follows the name',
      params: idParam,
      body: renameSketchBodySchema,
      response: { 200: sketchSchema },
    },
    async (request) => sketches.rename(ref(request), request.params.id, request.body.name),
  );

  route.post(
    '/create/v2/sketches/byID/:id/duplicate',
    spaceRoute('iot.write'),
    {
      summary: 'Copy a sketch (its files; no secrets, no thing), under `name` or a free `{name}_copy`',
      params: idParam,
      body: duplicateSketchBodySchema,
      response: { 201: sketchSchema },
      status: 201,
    },
    async (request) => sketches.duplicate(ref(request), request.params.id, request.body.name),
  );

  route.delete(
    '/create/v2/sketches/byID/:id',
    spaceRoute('iot.delete'),
    {
      summary: 'Move a sketch to the trash (the groups trash restores or purges it)',
      params: idParam,
      status: 204,
      empty: true,
    },
    async (request) => sketches.remove(ref(request), request.params.id, false),
  );

  route.get(
    '/create/v2/sketches/byID/:id/zip',
    spaceRoute('iot.read'),
    {
      summary:
        'Download a sketch as a zip: {name}/{file}, and arduino_secrets.h with the secret names, values empty',
      params: idParam,
      response: { 200: z.any().describe('The zip (application/zip)') },
    },
    async (request, reply) => {
      const { fileName, bytes } = await sketches.zip(ref(request), request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes));
    },
  );

  route.get(
    '/create/v2/sketches/byID/:id/secrets',
    spaceRoute('iot.write'),
    {
      summary:
        "The sketch's secrets: every SECRET_ name its code uses or its thing's connection needs, with the stored value or ''",
      params: idParam,
      response: { 200: sketchSecretsSchema },
    },
    async (request) => sketches.secrets(ref(request), request.params.id),
  );

  route.put(
    '/create/v2/sketches/byID/:id/secrets',
    spaceRoute('iot.write'),
    {
      summary: "Store secret values of the sketch (an empty value removes one); answers the sketch's secrets",
      params: idParam,
      body: sketchSecretsSchema,
      response: { 200: sketchSecretsSchema },
    },
    async (request) => sketches.putSecrets(ref(request), request.params.id, request.body),
  );
};
