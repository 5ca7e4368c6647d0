import { and, count, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { compileJobs, compileUsage } from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type CompileJobRow = typeof compileJobs.$inferSelect;
type Space = Pick<IotSpace, 'organizationId' | 'ownerUserId'>;

/** The job's columns without the artefact's bytes (a status read never needs them). */
const { artefact: _bytes, ...jobColumns } = getTableColumns(compileJobs);
export type CompileJobView = Omit<CompileJobRow, 'artefact'> & { artefactBytes: number | null };

/** The only SQL for compile jobs and the compile usage count. */
export function createCompileRepository(db: Database) {
  return {
    /** A new queued job and its use of the daily limit, in one transaction. */
    async insert(
      values: Pick<
        typeof compileJobs.$inferInsert,
        'organizationId' | 'ownerUserId' | 'userId' | 'sketchId' | 'fqbn'
      >,
    ): Promise<CompileJobRow> {
      return db.transaction(async (tx) => {
        const rows = await tx.insert(compileJobs).values(values).returning();
        await tx
          .insert(compileUsage)
          .values({ organizationId: values.organizationId, ownerUserId: values.ownerUserId });
        const row = rows[0];
        if (!row) throw new Error('insert returned no row');
        return row;
      });
    },

    async find(space: Space, id: string): Promise<CompileJobView | null> {
      const rows = await db
        .select({ ...jobColumns, artefactBytes: sql<number | null>`octet_length(${compileJobs.artefact})` })
        .from(compileJobs)
        .where(and(inSpace(compileJobs, space), eq(compileJobs.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async artefact(space: Space, id: string) {
      const rows = await db
        .select({
          name: compileJobs.artefactName,
          format: compileJobs.artefactFormat,
          data: compileJobs.artefact,
        })
        .from(compileJobs)
        .where(and(inSpace(compileJobs, space), eq(compileJobs.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async update(id: string, values: Partial<typeof compileJobs.$inferInsert>) {
      await db.update(compileJobs).set(values).where(eq(compileJobs.id, id));
    },

    async setPositions(positions: { id: string; position: number }[]) {
      for (const p of positions) {
        await db
          .update(compileJobs)
          .set({ queuePosition: p.position })
          .where(and(eq(compileJobs.id, p.id), eq(compileJobs.status, 'queued')));
      }
    },

    /** Marks jobs that will never run (the process that queued them is closing) as cancelled. */
    async cancel(ids: string[], at: Date) {
      if (ids.length === 0) return;
      await db
        .update(compileJobs)
        .set({ status: 'cancelled', finishedAt: at, queuePosition: null })
        .where(and(inArray(compileJobs.id, ids), eq(compileJobs.status, 'queued')));
    },

    /** Compiles the space asked for since `since` (the daily limit). */
    async usedSince(space: Space, since: Date): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(compileUsage)
        .where(and(inSpace(compileUsage, space), gte(compileUsage.createdAt, since)));
      return rows[0]?.n ?? 0;
    },

    /** Records one use of the daily limit at `at` (tests fill a day's use with it). */
    async recordUse(space: Space, at: Date) {
      await db
        .insert(compileUsage)
        .values({ organizationId: space.organizationId, ownerUserId: space.ownerUserId, createdAt: at });
    },

    /** Deletes jobs made before `jobsBefore` and uses counted before `usesBefore`. */
    async prune(jobsBefore: Date, usesBefore: Date) {
      await db.delete(compileJobs).where(lt(compileJobs.createdAt, jobsBefore));
      await db.delete(compileUsage).where(lt(compileUsage.createdAt, usesBefore));
    },
  };
}
export type CompileRepository = ReturnType<typeof createCompileRepository>;
