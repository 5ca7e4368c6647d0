import multipart from '@fastify/multipart';
import { spaceSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { AppError } from '../../errors.ts';
import { readWholeFile } from '../../http/multipart-file.ts';
import { publicRoute, spaceParamRoute } from '../../http/route-access.ts';
import { errors, noContent, security } from '../../http/route-schemas.ts';
import { logoQuery, spaceIdParam } from '../spaces/spaces.schemas.ts';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE, type MediaService } from './media.service.ts';

const FIELD_HINT = 'Send the image as multipart/form-data in the field "logo".';

/**
 * Logo upload and removal (spec 5, 7.3) and the public media route that serves stored images. Multipart
 * parsing is registered inside this plugin only, so JSON routes elsewhere never see it.
 */
export const mediaRoutes: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const kindOf = (type: string | undefined) => (type === 'second' ? 'second_logo' : 'logo');

  async function readLogo(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type', FIELD_HINT);
    const file = await request.file();
    if (file?.fieldname !== 'logo') throw new AppError('bad_request', FIELD_HINT);
    return readWholeFile(file, () => new AppError('payload_too_large', LOGO_TOO_LARGE));
  }

  typed.post(
    '/classroom/v1/organizations/:id/logo',
    {
      config: spaceParamRoute('space.logo'),
      onRequest: app.authenticate,
      schema: {
        tags: ['spaces'],
        security,
        summary: 'Upload a logo (multipart field "logo"; PNG, JPEG, GIF or WebP, at most 1 MiB)',
        description: '`type=second` sets the horizontal logo; without it the icon logo. Answers the space.',
        consumes: ['multipart/form-data'],
        params: spaceIdParam,
        querystring: logoQuery,
        response: { 200: spaceSchema, ...errors },
      },
    },
    async (request) =>
      media.uploadLogo(actorOf(request).userId, request.params.id, kindOf(request.query.type), () =>
        readLogo(request),
      ),
  );

  typed.delete(
    '/classroom/v1/organizations/:id/logo',
    {
      config: spaceParamRoute('space.logo'),
      onRequest: app.authenticate,
      schema: {
        tags: ['spaces'],
        security,
        summary: 'Remove a logo (`type=second` for the horizontal one)',
        params: spaceIdParam,
        querystring: logoQuery,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await media.deleteLogo(actorOf(request).userId, request.params.id, kindOf(request.query.type));
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/storage/media/v1/:mediaId',
    {
      config: publicRoute(),
      schema: {
        tags: ['media'],
        summary: 'A stored image (public; the id changes with every upload, so it is cached for a year)',
        params: z.object({ mediaId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { contentType, bytes } = await media.read(request.params.mediaId);
      return reply
        .type(contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(bytes);
    },
  );
};
