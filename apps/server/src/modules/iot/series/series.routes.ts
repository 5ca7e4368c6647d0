import { seriesExportLinkSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, security } from '../../../http/route-schemas.ts';
import { emptyBody, sendEmpty } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import type { CsvDownload, HistoricData } from './historic-data.ts';
import {
  batchQueryBody,
  batchQueryRawBody,
  batchQuerySamplingBody,
  batchSchema,
  csvBody,
  exportParams,
  historicDataBody,
  lastValueBody,
  lastValueSchema,
  rawBatchSchema,
  sampledBatchSchema,
} from './series.schemas.ts';
import type { SeriesService } from './series.service.ts';

const tags = ['iot: series'];

/** Sends a CSV as a download; a stream goes out as the database answers, paced by the connection. */
function sendCsv(reply: FastifyReply, file: CsvDownload) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
const type = (t: string) => `application/vnd.arduino.${t}+json; charset=utf-8`;

/** Series v2 of the Arduino IoT Cloud API (SeriesV2Api). */
export const seriesRoutes: FastifyPluginAsync<{ series: SeriesService; historic: HistoricData }> = async (
  app,
  { series, historic },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/iot/v2/series/batch_query_raw',
    {
      schema: {
        tags,
        security,
        summary: 'Raw stored values of properties (property.<id> or thing.<id>), newest first by default',
        body: batchQueryRawBody,
        response: { 200: rawBatchSchema, ...errors },
      },
    },
    // The service answers JSON text in rawBatchSchema's shape (the schema documents it); text goes out as it is.
    async (request, reply) =>
      reply
        .type(type('series.raw.batch'))
        .send((await series.batchQueryRaw(ref(request), request.body)) as never),
  );

  typed.post(
    '/iot/v2/series/batch_query',
    {
      schema: {
        tags,
        security,
        summary: 'Numeric values binned by interval seconds (at most 86400) and aggregated',
        body: batchQueryBody,
        response: { 200: batchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.type(type('series.batch')).send(await series.batchQuery(ref(request), request.body)),
  );

  typed.post(
    '/iot/v2/series/batch_query_sampling',
    {
      schema: {
        tags,
        security,
        summary: 'One stored value per interval (60 to 86400 seconds), any type',
        body: batchQuerySamplingBody,
        response: { 200: sampledBatchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type(type('series.batch.sampled'))
        .send(await series.batchQuerySampling(ref(request), request.body)),
  );

  typed.post(
    '/iot/v2/series/batch_query_raw/lastvalue',
    {
      schema: {
        tags,
        security,
        summary: 'The last value of each property',
        body: lastValueBody,
        response: { 200: lastValueSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type(type('series.raw.batch.lastvalue'))
        .send(await series.lastValues(ref(request), request.body)),
  );

  typed.post(
    '/iot/v2/series/historic_data',
    {
      schema: {
        tags,
        security,
        summary:
          'Export the values of properties as a CSV; 202, and the download link is mailed and notified',
        body: historicDataBody,
        response: { 202: emptyBody, ...errors },
      },
    },
    async (request, reply) => {
      await historic.request(ref(request), request.body);
      return sendEmpty(reply.status(202));
    },
  );

  typed.post(
    '/iot/v2/series/export',
    {
      schema: {
        tags,
        security,
        summary:
          'The values of properties in [from, to) as a CSV, streamed from the store (no size limit), oldest first',
        body: historicDataBody,
        response: { 200: csvBody, ...errors },
      },
    },
    async (request, reply) => sendCsv(reply, await historic.stream(ref(request), request.body)),
  );

  typed.post(
    '/iot/v2/series/export_link',
    {
      schema: {
        tags,
        security,
        summary:
          'A link to the CSV of POST /iot/v2/series/export, working for 5 minutes without a token (for a browser download)',
        body: historicDataBody,
        response: { 201: seriesExportLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const made = await historic.link(ref(request), request.body);
      return reply
        .status(201)
        .send({ id: made.id, url: made.link, expires_at: made.expiresAt.toISOString() });
    },
  );
};

/** The download behind an export link: public by its unguessable id, while the link works. */
export const exportDownloadRoutes: FastifyPluginAsync<{ historic: HistoricData }> = async (
  app,
  { historic },
) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/iot/v2/series/historic_data/:id',
    {
      schema: {
        tags,
        summary:
          'Download a CSV behind a link (mailed by POST /iot/v2/series/historic_data, or made by export_link)',
        params: exportParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => sendCsv(reply, await historic.download(request.params.id)),
  );
};
