import { seriesExportLinkSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../../http/api-route.ts';
import { publicRoute, spaceRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
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
  const route = apiRoutes(app, { tags });

  typed.post(
    '/iot/v2/series/batch_query_raw',
    {
      // The membership is read in the batch's one statement (no round trip before it).
      config: spaceRoute('iot.read', { inQuery: true }),
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

  route.post(
    '/iot/v2/series/batch_query',
    spaceRoute('iot.read'),
    {
      summary: 'Numeric values binned by interval seconds (at most 86400) and aggregated',
      body: batchQueryBody,
      response: { 200: batchSchema },
      media: type('series.batch'),
    },
    async (request) => series.batchQuery(ref(request), request.body),
  );

  route.post(
    '/iot/v2/series/batch_query_sampling',
    spaceRoute('iot.read'),
    {
      summary: 'One stored value per interval (60 to 86400 seconds), any type',
      body: batchQuerySamplingBody,
      response: { 200: sampledBatchSchema },
      media: type('series.batch.sampled'),
    },
    async (request) => series.batchQuerySampling(ref(request), request.body),
  );

  route.post(
    '/iot/v2/series/batch_query_raw/lastvalue',
    spaceRoute('iot.read'),
    {
      summary: 'The last value of each property',
      body: lastValueBody,
      response: { 200: lastValueSchema },
      media: type('series.raw.batch.lastvalue'),
    },
    async (request) => series.lastValues(ref(request), request.body),
  );

  route.post(
    '/iot/v2/series/historic_data',
    spaceRoute('iot.read'),
    {
      summary: 'Export the values of properties as a CSV; 202, and the download link is mailed and notified',
      body: historicDataBody,
      status: 202,
      empty: true,
    },
    async (request) => historic.request(ref(request), request.body),
  );

  route.post(
    '/iot/v2/series/export',
    spaceRoute('iot.read'),
    {
      summary:
        'The values of properties in [from, to) as a CSV, streamed from the store (no size limit), oldest first',
      body: historicDataBody,
      response: { 200: csvBody },
    },
    async (request, reply) => sendCsv(reply, await historic.stream(ref(request), request.body)),
  );

  route.post(
    '/iot/v2/series/export_link',
    spaceRoute('iot.read'),
    {
      summary:
        'A link to the CSV of POST /iot/v2/series/export, working for 5 minutes without a token (for a browser download)',
      body: historicDataBody,
      response: { 201: seriesExportLinkSchema },
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
      config: publicRoute(),
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
