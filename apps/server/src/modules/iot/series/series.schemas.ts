import { bucketSeriesSchema } from '@tinkercloud/shared';
import { z } from 'zod';
import { AGGREGATIONS } from '../../telemetry/resolution.ts';
import { apiDate } from '../properties/properties.schemas.ts';

export { batchSchema, rawBatchSchema } from '@tinkercloud/shared';

/** `property.<uuid>` or `thing.<uuid>`. */
const seriesQuery = z
  .string()
  .regex(
    /^(property|thing)\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'property.<uuid> or thing.<uuid>',
  );
const MAX_REQUESTS = 100;
const respVersion = z.number().int().min(0).max(1000);

/** A batch body: 1 to MAX_REQUESTS queries of one shape, and the answer version the client reads. */
const batchOf = <Q extends z.ZodRawShape>(query: Q) =>
  z.object({ resp_version: respVersion, requests: z.array(z.object(query)).min(1).max(MAX_REQUESTS) });

export const batchQueryRawBody = batchOf({
  q: seriesQuery,
  from: apiDate.optional(),
  to: apiDate.optional(),
  series_limit: z.number().int().min(1).max(10_000).optional(),
  sort: z.enum(['ASC', 'DESC']).optional(),
});

export const batchQueryBody = batchOf({
  q: seriesQuery,
  from: apiDate,
  to: apiDate,
  interval: z.number().int().min(1).max(86_400).optional(),
  aggregation: z.enum(AGGREGATIONS).optional(),
  series_limit: z.number().int().min(1).max(10_000).optional(),
});

export const batchQuerySamplingBody = batchOf({
  q: seriesQuery,
  from: apiDate.optional(),
  to: apiDate.optional(),
  interval: z.number().int().min(60).max(86_400).optional(),
  series_limit: z.number().int().min(1).max(1000).optional(),
});

export const lastValueBody = z.object({
  requests: z
    .array(z.object({ property_id: z.uuid(), thing_id: z.uuid() }))
    .min(1)
    .max(MAX_REQUESTS),
});

export const sampledBatchSchema = z.object({
  resp_version: z.number().int(),
  responses: z.array(bucketSeriesSchema.omit({ aggregation: true }).extend({ values: z.array(z.unknown()) })),
});
export const lastValueSchema = z.object({
  status: z.string(),
  responses: z.array(
    z.object({
      property_id: z.string(),
      thing_id: z.string(),
      count_values: z.number().int(),
      times: z.array(z.string()),
      values: z.array(z.unknown()),
    }),
  ),
});

export const historicDataBody = z.object({
  from: apiDate,
  to: apiDate,
  properties: z.array(z.uuid()).min(1).max(100),
});
export const exportParams = z.object({ id: z.uuid() });
/** A CSV answer, for the OpenAPI document: header line then one line per value. */
export const csvBody = z
  .string()
  .describe('CSV (RFC 4180): time,thing_id,property_id,property_name,property_type,value');
