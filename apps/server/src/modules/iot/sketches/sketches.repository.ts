import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotFolders, iotSketches, iotSketchSecrets } from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type SketchRow = typeof iotSketches.$inferSelect;
export type StoredFile = SketchRow['files'][number];
type Space = Pick<IotSpace, 'organizationId' | 'ownerUserId'>;

/** UTF-8 bytes of a sketch's files: what its `bytes` column holds and the disk quota sums. */
export const bytesOf = (files: readonly StoredFile[]) =>
  files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0);

/** The only SQL for sketches and their secrets. Reads skip the trash unless asked. */
export function createSketchesRepository(db: Database) {
  return {
    async find(space: Space, id: string, opts: { withDeleted?: boolean } = {}): Promise<SketchRow | null> {
      const rows = await db
        .select()
        .from(iotSketches)
        .where(
          and(
            inSpace(iotSketches, space),
            eq(iotSketches.id, id),
            opts.withDeleted ? undefined : isNull(iotSketches.deletedAt),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Locks the row for the rest of the transaction (writes of one sketch run one after the other). */
    async lock(id: string): Promise<SketchRow | null> {
      const rows = await db.select().from(iotSketches).where(eq(iotSketches.id, id)).for('update');
      return rows[0] ?? null;
    },

    async findByName(space: Space, name: string): Promise<SketchRow | null> {
      const rows = await db
        .select()
        .from(iotSketches)
        .where(and(inSpace(iotSketches, space), eq(iotSketches.name, name), isNull(iotSketches.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Names of the space's sketches (the trash included: it keeps its names) that start with `prefix`. */
    async namesLike(space: Space, prefix: string): Promise<string[]> {
      const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({ name: iotSketches.name })
        .from(iotSketches)
        .where(and(inSpace(iotSketches, space), like(iotSketches.name, `${escaped}%`)));
      return rows.map((r) => r.name);
    },

    async list(space: Space): Promise<SketchRow[]> {
      return db
        .select()
        .from(iotSketches)
        .where(and(inSpace(iotSketches, space), isNull(iotSketches.deletedAt)))
        .orderBy(iotSketches.name);
    },

    /** Whether `id` is a live sketch folder of the space (where a new sketch may go). */
    async isSketchFolder(space: Space, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: iotFolders.id })
        .from(iotFolders)
        .where(
          and(
            inSpace(iotFolders, space),
            eq(iotFolders.id, id),
            eq(iotFolders.kind, 'SKETCH'),
            isNull(iotFolders.deletedAt),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Bytes of every sketch of the space, the trash included (spec 9: it counts until purged). */
    async spaceBytes(space: Space): Promise<number> {
      const rows = await db
        .select({ total: sql<string | null>`sum(${iotSketches.bytes})` })
        .from(iotSketches)
        .where(inSpace(iotSketches, space));
      return Number(rows[0]?.total ?? 0);
    },

    async insert(values: Omit<typeof iotSketches.$inferInsert, 'bytes'>): Promise<SketchRow> {
      const rows = await db
        .insert(iotSketches)
        .values({ ...values, bytes: bytesOf(values.files) })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async replaceFiles(id: string, files: StoredFile[], sketchVersion?: SketchRow['sketchVersion']) {
      await db
        .update(iotSketches)
        .set({ files, bytes: bytesOf(files), ...(sketchVersion && { sketchVersion }), updatedAt: new Date() })
        .where(eq(iotSketches.id, id));
    },

    async update(
      id: string,
      changes: { name?: string; files?: StoredFile[]; deletedAt?: Date | null; thingId?: string | null },
    ) {
      await db
        .update(iotSketches)
        .set({
          ...changes,
          ...(changes.files && { bytes: bytesOf(changes.files) }),
          updatedAt: new Date(),
        })
        .where(eq(iotSketches.id, id));
    },

    /** Deletes for good; its secrets go with it (cascade), things keep no link (set null). */
    async hardDelete(id: string) {
      await db.delete(iotSketches).where(eq(iotSketches.id, id));
    },

    async secrets(sketchId: string): Promise<{ name: string; value: string }[]> {
      return db
        .select({ name: iotSketchSecrets.name, value: iotSketchSecrets.value })
        .from(iotSketchSecrets)
        .where(eq(iotSketchSecrets.sketchId, sketchId))
        .orderBy(iotSketchSecrets.name);
    },

    /** Stores the values given; an empty value removes its secret. */
    async putSecrets(sketchId: string, secrets: readonly { name: string; value: string }[]) {
      const empty = secrets.filter((s) => s.value === '').map((s) => s.name);
      if (empty.length > 0) {
        await db
          .delete(iotSketchSecrets)
          .where(and(eq(iotSketchSecrets.sketchId, sketchId), inArray(iotSketchSecrets.name, empty)));
      }
      const kept = secrets.filter((s) => s.value !== '');
      if (kept.length === 0) return;
      await db
        .insert(iotSketchSecrets)
        .values(kept.map((s) => ({ sketchId, name: s.name, value: s.value })))
        .onConflictDoUpdate({
          target: [iotSketchSecrets.sketchId, iotSketchSecrets.name],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
    },
  };
}
export type SketchesRepository = ReturnType<typeof createSketchesRepository>;
