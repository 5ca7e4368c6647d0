import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Waits for the transaction-scoped advisory lock named `key` (hashed to PostgreSQL's lock id); it is released
 * when the transaction ends. Serialises check-then-write sequences (a quota, one OTA per device) across
 * server processes. Call it on the transaction (`tx`), never on the pool: outside one it is released at once.
 */
export async function lockForTransaction(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
