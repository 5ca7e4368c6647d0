import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { apiRoutes } from '../../../http/api-route.ts';
import { readWholeFile } from '../../../http/multipart-file.ts';
import { publicRoute, spaceRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
import { MEDIA } from '../common/media-types.ts';
import { idParam, queryBool } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import {
  downloadParams,
  downloadQuery,
  expireInMins,
  otaCancelSchema,
  otaIdParam,
  otaListQuery,
  otaListSchema,
  otaSendBody,
  otaShowSchema,
  otaUploadSchema,
  otaUrlBody,
  otaUrlSchema,
} from './ota.schemas.ts';
import { OTA_MAX_BYTES, type OtaService } from './ota.service.ts';
import { OTA_DOWNLOAD_PATH } from './ota-urls.ts';

const tags = ['iot: OTA'];
const FIELD_HINT = 'Send the firmware as multipart/form-data in the field "ota_file".';
const MB = 1024 * 1024;

/** The multipart fields besides the file, checked as upstream's form. */
const uploadFields = z.object({
  async: queryBool.optional(),
  expire_in_mins: expireInMins.optional(),
});

/**
 * OTA updates (DevicesV2OtaApi) and the OTA status API (`/ota/v1/ota`, used by arduino-cloud-cli and the
 * firmware page). Multipart parsing is registered in this plugin only.
 */
export const otaRoutes: FastifyPluginAsync<{ ota: OtaService }> = async (app, { ota }) => {
  await app.register(multipart, {
    limits: { fileSize: OTA_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 64 },
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const route = apiRoutes(app, { tags });

  const tooLarge = () =>
    new AppError('payload_too_large', `The ota_file must be at most ${OTA_MAX_BYTES / MB} MiB.`);

  async function readUpload(request: FastifyRequest) {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type', FIELD_HINT);
    let file: Buffer | null = null;
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'ota_file') throw new AppError('bad_request', FIELD_HINT);
          file = await readWholeFile(part, tooLarge);
        } else fields[part.fieldname] = String(part.value);
      }
    } catch (err) {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      if (err instanceof AppError) throw err;
      throw new AppError('bad_request', `The form could not be read: ${(err as Error).message}`);
    }
    if (!file) throw new AppError('bad_request', FIELD_HINT);
    const parsed = uploadFields.safeParse(fields);
    if (!parsed.success)
      throw new AppError('validation_error', 'async must be a boolean, expire_in_mins 1 to 10080.');
    return { file, expireInMins: parsed.data.expire_in_mins };
  }

  typed.post(
    '/iot/v2/devices/:id/ota',
    {
      config: spaceRoute('iot.write'),
      bodyLimit: OTA_MAX_BYTES + MB,
      schema: {
        tags,
        security,
        summary: `Upload a firmware file (multipart: ota_file ≤ ${OTA_MAX_BYTES / MB} MiB, async, expire_in_mins) and offer it to the device`,
        description:
          'Answers at once (async=false is treated as async). 409 while an update of the device is unfinished; 412 when the plan has no OTA.',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: otaUploadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const space = ref(request);
      await ota.checkUpload(space, request.params.id);
      const { file, expireInMins } = await readUpload(request);
      return reply
        .type(MEDIA.otaUpload)
        .send(await ota.upload(space, request.params.id, file, { expireInMins }));
    },
  );

  route.put(
    '/iot/v2/devices/:id/ota',
    spaceRoute('iot.write'),
    {
      summary: 'Offer a stored firmware file (binary_key) to the device',
      params: idParam,
      body: otaSendBody,
      response: { 200: otaUploadSchema },
      media: MEDIA.otaUpload,
    },
    async (request) =>
      ota.send(ref(request), request.params.id, request.body.binary_key, {
        expireInMins: request.body.expire_in_mins,
      }),
  );

  route.post(
    '/iot/v2/devices/:id/ota/url',
    spaceRoute('iot.read'),
    {
      summary:
        'A signed download link (an hour) for a stored firmware file: by binary_key, sha256, or the latest',
      params: idParam,
      body: otaUrlBody,
      response: { 200: otaUrlSchema },
    },
    async (request) => ota.url(ref(request), request.params.id, request.body),
  );

  route.get(
    '/ota/v1/ota',
    spaceRoute('iot.read'),
    {
      summary: "A device's OTA updates (limit ≤ 500, default 100; order desc by default)",
      querystring: otaListQuery,
      response: { 200: otaListSchema },
    },
    async (request) => ota.list(ref(request), request.query),
  );

  route.get(
    '/ota/v1/ota/:otaId',
    spaceRoute('iot.read'),
    { summary: 'One OTA update and its steps', params: otaIdParam, response: { 200: otaShowSchema } },
    async (request) => ota.show(ref(request), request.params.otaId),
  );

  route.put(
    '/ota/v1/ota/:otaId/cancel',
    spaceRoute('iot.write'),
    {
      summary: 'Cancel an unfinished OTA update (409 when it has ended)',
      params: otaIdParam,
      response: { 200: otaCancelSchema },
    },
    async (request) => ota.cancel(ref(request), request.params.otaId),
  );
};

/** The signed download link devices fetch (no token: the signature and expiry authorise it). */
export const otaDownloadRoutes: FastifyPluginAsync<{ ota: OtaService }> = async (app, { ota }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${OTA_DOWNLOAD_PATH}/:binaryId`,
    {
      config: publicRoute(),
      schema: {
        tags,
        summary: 'A firmware file, by a signed link from an OTA update (410 once expired)',
        params: downloadParams,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const content = await ota.download(request.params.binaryId, request.query.e, request.query.s);
      return reply
        .type('application/octet-stream')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );
};
