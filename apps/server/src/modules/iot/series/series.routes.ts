import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute, spaceRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
import { emptyBody, sendEmpty } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import type { HistoricData } from './historic-data.ts';
import {
  batchQueryBody,
  batchQueryRawBody,
  batchQuerySamplingBody,
  batchSchema,
  exportParams,
  historicDataBody,
  lastValueBody,
  lastValueSchema,
  rawBatchSchema,
  sampledBatchSchema,
} from './series.schemas.ts';
import type { SeriesService } from './series.service.ts';

const tags = ['iot: series'];
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

  typed.post(
    '/iot/v2/series/batch_query',
    {
      config: spaceRoute('iot.read'),
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
      config: spaceRoute('iot.read'),
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
      config: spaceRoute('iot.read'),
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
      config: spaceRoute('iot.read'),
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
};

/** The download of a historic-data export: public by its unguessable id, for the week it is kept. */
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
        summary: 'Download a historic-data CSV (the link mailed by POST /iot/v2/series/historic_data)',
        params: exportParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await historic.download(request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
