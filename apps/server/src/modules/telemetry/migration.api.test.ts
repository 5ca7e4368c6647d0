import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../../db/migrate.ts';
import { rowsOf } from '../../db/sql-results.ts';

const folders: string[] = [];
const databases: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const db of databases) await db.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** The committed migrations up to (not including) the one whose tag ends with `before`. */
function migrationsBefore(before: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tc-migrations-'));
  folders.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(before));
  if (at < 0) throw new Error(`no migration ${before}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

it('moves stored values and last values of the old tables into the telemetry store, in the class of the plan', async () => {
  const db = await openTestDatabase({ migrationsFolder: migrationsBefore('telemetry_last_values') });
  databases.push(db);
  const user = '0d0d0d0d-0000-4000-8000-000000000001';
  const thing = '0d0d0d0d-0000-4000-8000-000000000002';
  const [temp, label] = ['0d0d0d0d-0000-4000-8000-000000000003', '0d0d0d0d-0000-4000-8000-000000000004'];
  await db.db.execute(sql`insert into users (id, email, username, name, password_hash)
    values (${user}, 'old@example.com', 'old', 'Old', 'x')`);
  await db.db.execute(sql`insert into user_plans (user_id, plan_id) values (${user}, 'create-maker')`);
  await db.db.execute(sql`insert into iot_things (id, owner_user_id, name, timezone)
    values (${thing}, ${user}, 'Old thing', 'UTC')`);
  await db.db.execute(sql`insert into iot_properties
    (id, thing_id, name, type, permission, update_strategy, last_value, value_updated_at)
    values (${temp}, ${thing}, 'temp', 'FLOAT', 'READ_ONLY', 'ON_CHANGE', '21.5', '2024-01-01T00:02:00Z'),
           (${label}, ${thing}, 'label', 'CHARSTRING', 'READ_ONLY', 'ON_CHANGE', '"hi"', '2024-01-01T00:00:00Z')`);
  await db.db.execute(sql`insert into iot_property_values (property_id, at, value, num) values
    (${temp}, '2024-01-01T00:00:00Z', '20', 20), (${temp}, '2024-01-01T00:00:30Z', '21', 21),
    (${temp}, '2024-01-01T00:02:00Z', '21.5', 21.5), (${label}, '2024-01-01T00:00:00Z', '"hi"', null)`);

  await runMigrations(db);

  const points = await rowsOf<{ id: string; retention: number; value: unknown; num: number | null }>(
    db.db,
    sql`select property_id as id, retention, value, num from telemetry_points order by property_id, at`,
  );
  expect(points).toEqual([
    { id: temp, retention: 2, value: 20, num: 20 },
    { id: temp, retention: 2, value: 21, num: 21 },
    { id: temp, retention: 2, value: 21.5, num: 21.5 },
    { id: label, retention: 2, value: 'hi', num: null },
  ]);
  const minutes = await rowsOf<{ min: number; max: number; sum: number; count: number }>(
    db.db,
    sql`select min, max, sum, count::int as count from telemetry_minutes order by bucket`,
  );
  expect(minutes).toEqual([
    { min: 20, max: 21, sum: 41, count: 2 },
    { min: 21.5, max: 21.5, sum: 21.5, count: 1 },
  ]);
  const hours = await rowsOf<{ count: number }>(db.db, sql`select count::int as count from telemetry_hours`);
  expect(hours).toEqual([{ count: 3 }]);
  const last = await rowsOf<{ id: string; value: unknown }>(
    db.db,
    sql`select property_id as id, value from telemetry_last_values order by property_id`,
  );
  expect(last).toEqual([
    { id: temp, value: 21.5 },
    { id: label, value: 'hi' },
  ]);
  const old = await rowsOf<{ t: string | null }>(
    db.db,
    sql`select to_regclass('iot_property_values')::text as t`,
  );
  expect(old).toEqual([{ t: null }]);
  // A fresh database and two rounds of migrations: slow on a busy machine, never a measure of speed.
}, 180_000);
