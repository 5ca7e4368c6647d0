import type { RawBatchRow } from './series.repository.ts';

/** A request of a raw batch as answered: its query and the window, direction and limit it was read with. */
interface RawAnswerRequest {
  q: string;
  from: Date;
  to: Date;
  sort: 'ASC' | 'DESC';
  limit: number;
}

export const NOT_FOUND = 'No readable property matches this query.';

const str = JSON.stringify;

/**
 * The JSON text of a `batch_query_raw` answer (rawBatchSchema), written directly: the values arrive from the
 * database as JSON text and go out as they are, without being parsed, checked and serialised again. `rows`
 * are the batch's rows in request order (RawBatchRow). Fields in the order upstream writes them.
 */
export function rawAnswerJson(respVersion: number, requests: RawAnswerRequest[], rows: RawBatchRow[]) {
  const parts: string[] = [];
  let next = 0;
  for (const [i, r] of requests.entries()) {
    const base =
      `{"query":${str(r.q)},"from_date":"${r.from.toISOString()}","to_date":"${r.to.toISOString()}",` +
      `"resp_version":${respVersion},"sort":"${r.sort}","series_limit":${r.limit},`;
    const start = next;
    while (next < rows.length && rows[next]?.n === i + 1) {
      const row = rows[next] as RawBatchRow;
      parts.push(
        `${base}"property_id":"${row.id}","property_name":${str(row.name)},"property_type":${str(row.type)},` +
          `"thing_id":"${row.thingId}","status":"ok","message":"","count_values":${row.count},` +
          `"times":${row.times},"values":${row.vals},"series":{"metric":"property.${row.id}"}}`,
      );
      next += 1;
    }
    if (next === start) {
      parts.push(
        `${base}"status":"error","message":${str(NOT_FOUND)},"count_values":0,"times":[],"values":[],` +
          `"series":{"metric":""}}`,
      );
    }
  }
  return `{"resp_version":${respVersion},"responses":[${parts.join(',')}]}`;
}
