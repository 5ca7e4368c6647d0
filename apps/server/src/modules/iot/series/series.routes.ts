import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, security } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import {
  batchQueryBody,
  batchQueryRawBody,
  batchQuerySamplingBody,
  batchSchema,
  lastValueBody,
  lastValueSchema,
  rawBatchSchema,
  sampledBatchSchema,
} from './series.schemas.ts';
import type { SeriesService } from './series.service.ts';

const tags = ['iot: series'];
const type = (t: string) => `application/vnd.arduino.${t}+json; charset=utf-8`;

/** Series v2 of the Arduino IoT Cloud API (SeriesV2Api). */
export const seriesRoutes: FastifyPluginAsync<{ series: SeriesService }> = async (app, { series }) => {
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
    async (request, reply) =>
      reply.type(type('series.raw.batch')).send(await series.batchQueryRaw(ref(request), request.body)),
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
};
