import { isUuid } from '@tinkercloud/shared';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import { admitIn, spaceIdOf } from '../../spaces/space-access.ts';
import type { Aggregation } from '../../telemetry/resolution.ts';
import type { TelemetryStore } from '../../telemetry/telemetry-store.ts';
import { isNumericType, valueShapeOf } from '../catalogue/property-types.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { NOT_FOUND, rawAnswerJson } from './raw-answer.ts';
import { createRawValuesCache, rawWindowKey } from './raw-values-cache.ts';
import { createSeriesRepository, type SeriesProperty } from './series.repository.ts';
import type {
  batchQueryBody,
  batchQueryRawBody,
  batchQuerySamplingBody,
  lastValueBody,
} from './series.schemas.ts';

const RAW_LIMIT = { property: 1000, thing: 10_000 } as const;
const AGG_LIMIT = { property: 1000, thing: 10_000 } as const;
const EPOCH = new Date(0);

/** The values of an answer, oldest first (`valuesOf([])`: none). */
const valuesOf = <V = never>(points: readonly { time: Date; value: V }[]) => ({
  count_values: points.length,
  times: points.map((x) => x.time.toISOString()),
  values: points.map((x) => x.value),
});

type Kind = 'property' | 'thing';
const parse = (q: string) => {
  const at = q.indexOf('.');
  return { kind: q.slice(0, at).toLowerCase() as Kind, id: q.slice(at + 1).toLowerCase() };
};

function range(from: Date | undefined, to: Date | undefined, defaultFrom: Date) {
  const end = to ?? new Date();
  const start = from ?? defaultFrom;
  if (start.getTime() >= end.getTime()) throw new AppError('validation_error', '"from" must be before "to".');
  return { from: start, to: end };
}

/**
 * Series v2: raw values, aggregated bins, samples and last values of properties the caller may read, by
 * `property.<uuid>` or `thing.<uuid>` (every property of the thing). A query matching nothing readable gets
 * an answer with status "error" and no values, so one stale id never fails a whole dashboard.
 */
export function createSeriesService(deps: {
  db: Database;
  resolve: SpaceResolver;
  telemetry: TelemetryStore;
  /** Bound of the raw windows kept (raw-values-cache.ts). */
  rawCacheBytes: number;
}) {
  const repo = createSeriesRepository(deps.db);
  const rawValues = createRawValuesCache({ maxBytes: deps.rawCacheBytes });

  /** The properties each query names, within the space. */
  async function expand(space: IotSpace, queries: string[]) {
    const parsed = queries.map(parse);
    const [props, thingProps] = await Promise.all([
      repo.properties(
        space,
        parsed.filter((p) => p.kind === 'property').map((p) => p.id),
      ),
      repo.propertiesOfThings(
        space,
        parsed.filter((p) => p.kind === 'thing').map((p) => p.id),
      ),
    ]);
    return parsed.map(({ kind, id }) => ({
      kind,
      props:
        kind === 'property' ? props.filter((p) => p.id === id) : thingProps.filter((p) => p.thingId === id),
    }));
  }

  const about = (p: SeriesProperty) => ({
    property_id: p.id,
    property_name: p.name,
    property_type: p.type,
    thing_id: p.thingId,
  });
  /** What an aggregated or sampled answer repeats of its request. */
  const echo = (r: {
    query: string;
    window: { from: Date; to: Date };
    respVersion: number;
    interval: number;
    limit: number;
  }) => ({
    query: r.query,
    from_date: r.window.from.toISOString(),
    to_date: r.window.to.toISOString(),
    resp_version: r.respVersion,
    interval: r.interval,
    series_limit: r.limit,
  });
  /** The answer to a query that names nothing the caller may read. */
  const unmatched = <T>(echoed: T) => ({ ...echoed, status: 'error', message: NOT_FOUND, ...valuesOf([]) });

  return {
    /**
     * The answer as JSON text: membership, properties and values in one prepared statement (the busiest
     * route of the series), written out without a second pass over the values (raw-answer.ts). Windows of
     * `property.<id>` requests are kept (raw-values-cache.ts); the statement reads each property's values
     * marker and leaves out the values of those the caller holds under the current one.
     */
    async batchQueryRaw(ref: SpaceRequest, body: z.infer<typeof batchQueryRawBody>): Promise<string> {
      const spaceId = spaceIdOf(ref) ?? null;
      if (spaceId !== null && !isUuid(spaceId)) throw notFound('Space');
      const now = new Date();
      const requests = body.requests.map((r) => {
        const { kind, id } = parse(r.q);
        const sort = r.sort ?? 'DESC';
        const limit = Math.min(r.series_limit ?? RAW_LIMIT.property, RAW_LIMIT[kind]);
        const from = r.from ?? EPOCH;
        const to = r.to ?? now;
        const newestFirst = sort === 'DESC';
        const key =
          kind === 'property'
            ? rawWindowKey({ propertyId: id, from, to: r.to, newestFirst, limit })
            : undefined;
        let kept = key === undefined ? undefined : rawValues.get(key);
        // Kept up to an earlier "now" only: points may exist between a later one and this one.
        if (kept && r.to === undefined && kept.readAt > to.getTime()) kept = undefined;
        return { q: r.q, kind, id, from, to, open: r.to === undefined, sort, newestFirst, limit, key, kept };
      });
      if (requests.some((r) => r.from.getTime() >= r.to.getTime())) {
        // The space answers first (404, 403), as on every route.
        await deps.resolve(ref, 'iot.read');
        throw new AppError('validation_error', '"from" must be before "to".');
      }
      const asked = requests.map((r) => ({ ...r, known: r.kept?.marker ?? null }));
      // Everything kept: the markers alone may do (one light statement); else, or when one moved, the batch
      // with values, which leaves out those still standing.
      const allKept = asked.every((r) => r.known !== null);
      let rows = await repo.rawBatch(spaceId, ref.actorId, asked, { withValues: !allKept });
      admitIn(ref, rows[0] && { roles: rows[0].roles ?? [] }, 'iot.read');
      if (allKept && rows.some((row) => row.n !== null && row.marker !== asked[row.n - 1]?.known)) {
        rows = await repo.rawBatch(spaceId, ref.actorId, asked, { withValues: true });
        admitIn(ref, rows[0] && { roles: rows[0].roles ?? [] }, 'iot.read');
      }
      for (const row of rows) {
        const r = row.n === null ? undefined : requests[row.n - 1];
        if (!r?.key) continue;
        if (r.kept && row.marker === r.kept.marker) {
          Object.assign(row, { count: r.kept.count, times: r.kept.times, vals: r.kept.vals });
        } else if (!r.open || row.lastMs === null || row.lastMs < r.to.getTime()) {
          // Kept when time passing cannot add points to the window: none was written at or after its end.
          const { marker, count, times, vals } = row;
          rawValues.set(r.key, { marker, readAt: r.to.getTime(), count, times, vals });
        }
      }
      return rawAnswerJson(body.resp_version, requests, rows);
    },

    async batchQuery(ref: SpaceRequest, body: z.infer<typeof batchQueryBody>) {
      const space = await deps.resolve(ref, 'iot.read');
      const expanded = await expand(
        space,
        body.requests.map((r) => r.q),
      );
      const responses = [];
      for (const [i, r] of body.requests.entries()) {
        const { kind, props } = expanded[i] as (typeof expanded)[number];
        const window = range(r.from, r.to, EPOCH);
        const limit = Math.min(r.series_limit ?? 300, AGG_LIMIT[kind]);
        const span = (window.to.getTime() - window.from.getTime()) / 1000;
        const interval = r.interval ?? Math.min(86_400, Math.max(1, Math.ceil(span / limit)));
        const base = echo({ query: r.q, window, respVersion: body.resp_version, interval, limit });
        if (props.length === 0) {
          responses.push(unmatched(base));
          continue;
        }
        for (const p of props) {
          if (!isNumericType(p.type)) {
            responses.push({
              ...base,
              ...about(p),
              status: 'error',
              message: `${p.type} is not numeric.`,
              ...valuesOf([]),
            });
            continue;
          }
          const aggregation: Aggregation =
            r.aggregation ?? (valueShapeOf(p.type)?.kind === 'boolean' ? 'BOOL_OR' : 'AVG');
          const { points } = await deps.telemetry.aggregate(p.id, {
            ...window,
            intervalS: interval,
            aggregation,
            desc: false,
            limit,
            zeroOne: valueShapeOf(p.type)?.kind === 'boolean',
          });
          responses.push({
            ...base,
            ...about(p),
            aggregation,
            status: 'ok',
            message: '',
            ...valuesOf(points),
          });
        }
      }
      return { resp_version: body.resp_version, responses };
    },

    async batchQuerySampling(ref: SpaceRequest, body: z.infer<typeof batchQuerySamplingBody>) {
      const space = await deps.resolve(ref, 'iot.read');
      const expanded = await expand(
        space,
        body.requests.map((r) => r.q),
      );
      const responses = [];
      for (const [i, r] of body.requests.entries()) {
        const { props } = expanded[i] as (typeof expanded)[number];
        const interval = r.interval ?? 300;
        const limit = r.series_limit ?? 300;
        const window = range(r.from, r.to, new Date(Date.now() - interval * limit * 1000));
        const base = echo({ query: r.q, window, respVersion: body.resp_version, interval, limit });
        if (props.length === 0) {
          responses.push(unmatched(base));
          continue;
        }
        for (const p of props) {
          const points = await deps.telemetry.sampled(p.id, { ...window, intervalS: interval, limit });
          responses.push({
            ...base,
            ...about(p),
            status: 'ok',
            message: '',
            ...valuesOf(points),
          });
        }
      }
      return { resp_version: body.resp_version, responses };
    },

    async lastValues(ref: SpaceRequest, body: z.infer<typeof lastValueBody>) {
      const space = await deps.resolve(ref, 'iot.read');
      const rows = await repo.lastValues(
        space,
        body.requests.map((r) => r.property_id),
      );
      return {
        status: 'ok',
        responses: body.requests.map((r) => {
          const row = rows.find((x) => x.id === r.property_id && x.thingId === r.thing_id);
          const has = row?.at != null;
          return {
            property_id: r.property_id,
            thing_id: r.thing_id,
            count_values: has ? 1 : 0,
            times: has && row?.at ? [row.at.toISOString()] : [],
            values: has ? [row?.value] : [],
          };
        }),
      };
    },
  };
}
export type SeriesService = ReturnType<typeof createSeriesService>;
