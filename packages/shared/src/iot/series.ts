import { z } from 'zod';

/** What every entry of a batch answer carries: the query it answers, its window and its times. */
const seriesEntryShape = {
  query: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  status: z.string(),
  message: z.string().optional(),
  resp_version: z.number().int(),
  property_id: z.string().optional(),
  property_name: z.string().optional(),
  property_type: z.string().optional(),
  thing_id: z.string().optional(),
  series_limit: z.number().int().optional(),
  count_values: z.number().int(),
  times: z.array(z.string()),
};

/** One entry of `POST /iot/v2/series/batch_query_raw`: stored values as they came. */
export const rawSeriesSchema = z.object({
  ...seriesEntryShape,
  sort: z.enum(['ASC', 'DESC']),
  values: z.array(z.unknown()),
  series: z.object({ metric: z.string() }),
});
export const rawBatchSchema = z.object({
  resp_version: z.number().int(),
  responses: z.array(rawSeriesSchema),
});

/** One entry of `POST /iot/v2/series/batch_query`: aggregated buckets (numeric properties only). */
export const bucketSeriesSchema = z.object({
  ...seriesEntryShape,
  interval: z.number().int(),
  aggregation: z.string().optional(),
  values: z.array(z.number()),
});
export const batchSchema = z.object({
  resp_version: z.number().int(),
  responses: z.array(bucketSeriesSchema),
});

/** How a client reads series: the status, the property, and the times with their values. */
const readEntry = { status: true, times: true, values: true } as const;
export const rawBatchReadSchema = z.looseObject({
  responses: z.array(rawSeriesSchema.partial().required(readEntry).loose()),
});
export const batchReadSchema = z.looseObject({
  responses: z.array(bucketSeriesSchema.partial().required(readEntry).loose()),
});
