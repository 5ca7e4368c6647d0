import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotSketches } from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type SketchRow = typeof iotSketches.$inferSelect;
type Space = Pick<IotSpace, 'organizationId' | 'ownerUserId'>;

/** The only SQL for sketches. */
export function createSketchesRepository(db: Database) {
  return {
    async find(space: Space, id: string): Promise<SketchRow | null> {
      const rows = await db
        .select()
        .from(iotSketches)
        .where(and(inSpace(iotSketches, space), eq(iotSketches.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findByName(space: Space, name: string): Promise<SketchRow | null> {
      const rows = await db
        .select()
        .from(iotSketches)
        .where(and(inSpace(iotSketches, space), eq(iotSketches.name, name)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Names of the space's sketches that start with `prefix` (to pick a free one). */
    async namesLike(space: Space, prefix: string): Promise<string[]> {
      const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({ name: iotSketches.name })
        .from(iotSketches)
        .where(and(inSpace(iotSketches, space), like(iotSketches.name, `${escaped}%`)));
      return rows.map((r) => r.name);
    },

    async list(space: Space): Promise<SketchRow[]> {
      return db.select().from(iotSketches).where(inSpace(iotSketches, space)).orderBy(iotSketches.name);
    },

    async insert(values: typeof iotSketches.$inferInsert): Promise<SketchRow> {
      const rows = await db.insert(iotSketches).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async replaceFiles(id: string, files: SketchRow['files'], sketchVersion: SketchRow['sketchVersion']) {
      await db
        .update(iotSketches)
        .set({ files, sketchVersion, updatedAt: new Date() })
        .where(eq(iotSketches.id, id));
    },
  };
}
