import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotApiClients } from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type ApiClientRow = typeof iotApiClients.$inferSelect;

/** The only SQL for API keys. */
export function createApiClientsRepository(db: Database) {
  return {
    async findByClientId(clientId: string): Promise<ApiClientRow | null> {
      const rows = await db.select().from(iotApiClients).where(eq(iotApiClients.clientId, clientId)).limit(1);
      return rows[0] ?? null;
    },

    /** The caller's own keys in the space. */
    async listOwn(space: IotSpace): Promise<ApiClientRow[]> {
      return db
        .select()
        .from(iotApiClients)
        .where(and(inSpace(iotApiClients, space), eq(iotApiClients.ownerUserId, space.actorId)))
        .orderBy(asc(iotApiClients.createdAt), asc(iotApiClients.id));
    },

    async count(space: Pick<IotSpace, 'organizationId' | 'ownerUserId'>): Promise<number> {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(iotApiClients)
        .where(inSpace(iotApiClients, space));
      return rows[0]?.n ?? 0;
    },

    async insert(values: typeof iotApiClients.$inferInsert): Promise<ApiClientRow> {
      const rows = await db.insert(iotApiClients).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(iotApiClients).where(eq(iotApiClients.id, id));
    },

    async touch(id: string): Promise<void> {
      await db.update(iotApiClients).set({ lastUsedAt: sql`now()` }).where(eq(iotApiClients.id, id));
    },
  };
}
