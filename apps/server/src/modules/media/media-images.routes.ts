import multipart from '@fastify/multipart';
import { MEDIA_MAX_BYTES, mediaImageListSchema, mediaImageSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { apiRoutes } from '../../http/api-route.ts';
import { readWholeFile } from '../../http/multipart-file.ts';
import { spaceRoute } from '../../http/route-access.ts';
import { spaceRequestOf } from '../iot/common/space.ts';
import { IMAGE_TOO_LARGE, type MediaImagesService } from './media-images.service.ts';

const FIELD_HINT = 'Send the image as multipart/form-data in the field "media".';

/**
 * Widget and template images (spec 7.5: `POST /storage/media/v1`, multipart field `media`), listed and deleted
 * by their space. They are served by the public `GET /storage/media/v1/{id}` of media.routes.ts. Multipart
 * parsing is registered in this plugin only.
 */
export const mediaImagesRoutes: FastifyPluginAsync<{ images: MediaImagesService }> = async (
  app,
  { images },
) => {
  await app.register(multipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  app.addHook('onRequest', app.authenticate);
  const route = apiRoutes(app, { tags: ['media'] });

  async function readImage(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type', FIELD_HINT);
    const file = await request.file();
    if (file?.fieldname !== 'media') throw new AppError('bad_request', FIELD_HINT);
    return readWholeFile(file, () => new AppError('payload_too_large', IMAGE_TOO_LARGE));
  }

  route.post(
    '/storage/media/v1',
    spaceRoute('iot.write'),
    {
      summary:
        'Upload an image for a widget or a template (multipart field "media"; PNG, JPEG, GIF or WebP, at most 1 MiB)',
      description:
        'Stored in the space of X-Organization (My Cloud without it), at most 50 a space (412 when full). The type ' +
        'is read from the bytes (SVG is refused); `link` serves the image publicly.',
      consumes: ['multipart/form-data'],
      response: { 201: mediaImageSchema },
      status: 201,
    },
    async (request) => images.upload(spaceRequestOf(request), () => readImage(request)),
  );

  route.get(
    '/storage/media/v1',
    spaceRoute('iot.read'),
    { summary: "The space's uploaded images, newest first", response: { 200: mediaImageListSchema } },
    async (request) => images.list(spaceRequestOf(request)),
  );

  route.delete(
    '/storage/media/v1/:mediaId',
    spaceRoute('iot.delete'),
    {
      summary: 'Delete an uploaded image of the space (widgets showing it show nothing afterwards)',
      params: z.object({ mediaId: z.uuid() }),
      empty: true,
    },
    async (request) => images.remove(spaceRequestOf(request), request.params.mediaId),
  );
};
