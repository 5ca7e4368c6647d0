import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { rowsOf } from './sql-results.ts';

// The embedded database's data directory: made in a child process on first open, kept across reopenings.
describe('PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-pglite-dir-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is made on first open, keeps its rows when reopened, and runs with the smaller shared_buffers', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    await first.db.execute(sql`create table kept (v int)`);
    await first.db.execute(sql`insert into kept values (42)`);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir });
    expect(await rowsOf(again.db, sql`select v from kept`)).toEqual([{ v: 42 }]);
    expect(await rowsOf(again.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '32MB' }]);
    await again.close();
  });
});
