import multipart from '@fastify/multipart';
import {
  builtinTemplateListSchema,
  builtinTemplateSchema,
  createCustomTemplateSchema,
  customTemplateListSchema,
  customTemplateSchema,
  templateImportResultSchema,
  templateListRequestSchema,
  updateCustomTemplateSchema,
} from '@tinkercloud/shared/iot';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { apiRoutes } from '../../../http/api-route.ts';
import { readWholeFile } from '../../../http/multipart-file.ts';
import { signedInRoute, spaceRoute } from '../../../http/route-access.ts';
import { noContent } from '../../../http/route-schemas.ts';
import { idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import { ARCHIVE_MAX_BYTES } from './template-archive.ts';
import type { TemplatesService } from './templates.service.ts';

const FIELD_HINT = 'Send the .tino archive as multipart/form-data in the field "template".';
const TOO_LARGE = `A template archive is at most ${ARCHIVE_MAX_BYTES / 1024 / 1024} MiB.`;

/**
 * Custom templates of the space of X-Organization (spec 7.5; upstream's template storage that CCLI's
 * `template list/import/export` calls), and the built-in catalogue. Multipart parsing is registered in this
 * plugin only.
 */
export const templateStorageRoutes: FastifyPluginAsync<{ templates: TemplatesService }> = async (
  app,
  { templates },
) => {
  await app.register(multipart, {
    limits: { fileSize: ARCHIVE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const route = apiRoutes(typed, { tags: ['templates'] });

  route.get(
    '/templates/v1/builtin',
    signedInRoute(),
    {
      summary: 'The built-in templates (the same for every space)',
      response: { 200: builtinTemplateListSchema },
    },
    async () => templates.builtins(),
  );
  route.get(
    '/templates/v1/builtin/:name',
    signedInRoute(),
    {
      summary: 'One built-in template by its id',
      params: z.object({ name: z.string().min(1).max(128) }),
      response: { 200: builtinTemplateSchema },
    },
    async (request) => templates.builtin(request.params.name),
  );

  const listSchema = {
    summary: 'The custom templates of the space',
    response: { 200: customTemplateListSchema },
  };
  route.post(
    '/storage/template/v1/list',
    spaceRoute('iot.read'),
    { ...listSchema, body: templateListRequestSchema.optional() },
    async (request) => templates.list(ref(request), request.body?.sort ?? 'desc'),
  );
  route.get(
    '/storage/template/v1/list',
    spaceRoute('iot.read'),
    { ...listSchema, querystring: z.object({ sort: z.enum(['asc', 'desc']).default('desc') }) },
    async (request) => templates.list(ref(request), request.query.sort),
  );
  route.post(
    '/storage/template/v1/',
    spaceRoute('iot.write'),
    {
      summary: 'Make a custom template from things, dashboards and triggers of the space',
      body: createCustomTemplateSchema,
      response: { 201: customTemplateSchema },
    },
    async (request, reply) => reply.status(201).send(await templates.create(ref(request), request.body)),
  );
  route.get(
    '/storage/template/v1/:id',
    spaceRoute('iot.read'),
    {
      summary: 'A custom template with what it holds',
      params: idParam,
      response: { 200: customTemplateSchema },
    },
    async (request) => templates.show(ref(request), request.params.id),
  );
  route.patch(
    '/storage/template/v1/:id',
    spaceRoute('iot.write'),
    {
      summary: "Change a custom template's name or description",
      params: idParam,
      body: updateCustomTemplateSchema,
      response: { 200: customTemplateSchema },
    },
    async (request) => templates.update(ref(request), request.params.id, request.body),
  );
  route.delete(
    '/storage/template/v1/:id',
    spaceRoute('iot.delete'),
    { summary: 'Delete a custom template', params: idParam, response: { 204: noContent } },
    async (request, reply) => {
      await templates.remove(ref(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  async function readArchive(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type', FIELD_HINT);
    const file = await request.file();
    if (file?.fieldname !== 'template') throw new AppError('bad_request', FIELD_HINT);
    return readWholeFile(file, () => new AppError('payload_too_large', TOO_LARGE));
  }
  route.post(
    '/storage/template/archive/v1/',
    spaceRoute('iot.write'),
    {
      summary: `Import a .tino template archive (multipart field "template", at most ${ARCHIVE_MAX_BYTES / 1024 / 1024} MiB; 409 when the space holds it)`,
      consumes: ['multipart/form-data'],
      response: { 200: templateImportResultSchema },
    },
    async (request) => templates.importArchive(ref(request), await readArchive(request)),
  );
  route.get(
    '/storage/template/archive/v1/:id',
    spaceRoute('iot.read'),
    {
      summary: 'Download a custom template as a .tino archive',
      params: idParam,
      response: { 200: z.any().describe('The .tino archive (application/zip)') },
    },
    async (request, reply) => {
      const { fileName, bytes } = await templates.exportArchive(ref(request), request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes));
    },
  );
};
