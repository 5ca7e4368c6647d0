import {
  moveFileBodySchema,
  SKETCH_FILE_MAX_BYTES,
  sketchFileEntrySchema,
  sketchFileSchema,
  writeFileBodySchema,
} from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { queryBool } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import type { SketchFilesService } from './sketch-files.service.ts';
import { checkRawUrl } from './sketch-paths.ts';

const tags = ['files'];
/** The rest of the URL after `/d/` or `/f/`, e.g. `$HOME/sketches_v2/Greenhouse/thingProperties.h`. */
const pathParam = z.object({ '*': z.string().min(1).max(512) });
/** One file's content in base64 (4/3 of its bytes) and the JSON around it. */
export const FILE_BODY_LIMIT = Math.ceil(SKETCH_FILE_MAX_BYTES / 3) * 4 + 16 * 1024;

/** The decoded path, once the raw URL shows no encoded separator (Fastify decodes them into the param). */
function pathOf(request: Pick<FastifyRequest, 'url'> & { params: { '*': string } }): string {
  checkRawUrl(request.url);
  return request.params['*'];
}

/** The files API of sketches (spec 7.5, the files host under `/create`); shapes in packages/shared. */
export const sketchFilesRoutes: FastifyPluginAsync<{ files: SketchFilesService }> = async (
  app,
  { files },
) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/create/v2/files/d/*',
    spaceRoute('iot.read'),
    {
      summary:
        'List a folder: `$HOME/sketches_v2` (one folder per sketch; deep=true adds their files) or a sketch',
      params: pathParam,
      querystring: z.object({ deep: queryBool.optional() }),
      response: { 200: z.array(sketchFileEntrySchema) },
    },
    async (request) => files.list(ref(request), pathOf(request), request.query.deep ?? false),
  );

  route.get(
    '/create/v2/files/f/*',
    spaceRoute('iot.read'),
    {
      summary: 'Read a file of a sketch; `data` is its content in base64',
      params: pathParam,
      response: { 200: sketchFileSchema },
    },
    async (request) => files.file(ref(request), pathOf(request)),
  );

  route.post(
    '/create/v2/files/f/*',
    spaceRoute('iot.write'),
    {
      summary:
        "Create (201) or replace (200) a file of a sketch; `data` in base64. arduino_secrets.h is the secrets, a thing's thingProperties.h is generated",
      params: pathParam,
      body: writeFileBodySchema,
      response: { 200: sketchFileEntrySchema, 201: sketchFileEntrySchema },
      bodyLimit: FILE_BODY_LIMIT,
    },
    async (request, reply) => {
      const { created, entry } = await files.write(ref(request), pathOf(request), request.body.data);
      reply.status(created ? 201 : 200);
      return entry;
    },
  );

  route.delete(
    '/create/v2/files/f/*',
    spaceRoute('iot.write'),
    {
      summary: 'Delete a file of a sketch (not its main .ino)',
      params: pathParam,
      status: 204,
      empty: true,
    },
    async (request) => files.remove(ref(request), pathOf(request)),
  );

  route.post(
    '/create/v2/files/mv',
    spaceRoute('iot.write'),
    {
      summary: 'Rename a file inside its sketch (`from` and `to` are file paths)',
      body: moveFileBodySchema,
      status: 204,
      empty: true,
    },
    async (request) => files.move(ref(request), request.body),
  );
};
