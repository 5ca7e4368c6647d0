import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite driver asks to get back as PostgreSQL's text (its columns parse them): timestamp,
 * timestamptz, interval, date, and the arrays numeric[], timestamp[], timestamptz[], interval[] and date[].
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

const asText = (value: string) => value;

/**
 * drizzle hands those types' parsers to PGlite with every statement, and PGlite then copies its own parsers
 * (318, keyed by type oid up to about 4,000, so a 35 KB array) into a new object for that statement: measured
 * 150 µs and about 66 KB of garbage a statement, the old generation's largest source of garbage while a fleet
 * connects. Here the PGlite instance parses those types as text itself, and statements whose parsers ask for
 * nothing else are passed on without them: drizzle's rows are the same, without the copy. PGlite's other
 * callers (table maintenance, the health check) get those types as text too; they read none of them.
 */
export function parseDrizzleTypesAsText(client: PGlite): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const query = client.query.bind(client);
  client.query = (sql, params, options) => query(sql, params, withoutTextParsers(options, client.parsers));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query;
      tx.query = (sql, params, options) => txQuery(sql, params, withoutTextParsers(options, client.parsers));
      return callback(tx);
    });
}

/**
 * The options without `parsers` when each type they name is parsed as text by the instance already (`own`, its
 * parsers); else unchanged. Checked against the instance's own table, so a statement keeps its parsers should
 * anything reset that table (PGlite's `refreshArrayTypes` would put its array parsers back).
 */
export function withoutTextParsers(
  options: QueryOptions | undefined,
  own: PGlite['parsers'],
): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type in options.parsers) if (own[type] !== asText) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}
