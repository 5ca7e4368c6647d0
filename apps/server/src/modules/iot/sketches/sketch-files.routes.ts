import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { spaceRoute } from '../../../http/route-access.ts';
import { idParam, queryBool } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import type { SketchFilesService } from './sketch-files.service.ts';

const tags = ['files'];
/** The rest of the URL after `/d/` or `/f/`, e.g. `$HOME/sketches_v2/Greenhouse/thingProperties.h`. */
const pathParam = z.object({ '*': z.string().min(1).max(512) });

const fileEntry = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(['folder', 'file']),
  mimetype: z.string(),
  size: z.number(),
  modified_at: z.string(),
});

/** The web app's read-only view of generated sketches (spec 7.5, the files host under `/create`). */
export const sketchFilesRoutes: FastifyPluginAsync<{ files: SketchFilesService }> = async (
  app,
  { files },
) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/create/v2/sketches/byID/:id',
    spaceRoute('iot.read'),
    {
      summary: 'A sketch of the space with its files (no content; read them with /create/v2/files/f)',
      params: idParam,
      response: {
        200: z.object({
          id: z.string(),
          name: z.string(),
          path: z.string(),
          user_id: z.string(),
          organization_id: z.string().optional(),
          thing_id: z.string().optional(),
          sketch_version: z.enum(['v1', 'v2']),
          ino: fileEntry.optional(),
          files: z.array(fileEntry),
          created: z.string(),
          modified: z.string(),
        }),
      },
    },
    async (request) => files.sketch(ref(request), request.params.id),
  );

  route.get(
    '/create/v2/files/d/*',
    spaceRoute('iot.read'),
    {
      summary:
        'List a folder: `$HOME/sketches_v2` (one folder per sketch; deep=true adds their files) or a sketch',
      params: pathParam,
      querystring: z.object({ deep: queryBool.optional() }),
      response: { 200: z.array(fileEntry) },
    },
    async (request) => files.list(ref(request), request.params['*'], request.query.deep ?? false),
  );

  route.get(
    '/create/v2/files/f/*',
    spaceRoute('iot.read'),
    {
      summary: 'Read a file of a sketch; `data` is its content in base64',
      params: pathParam,
      response: { 200: fileEntry.extend({ data: z.string() }) },
    },
    async (request) => files.file(ref(request), request.params['*']),
  );
};
