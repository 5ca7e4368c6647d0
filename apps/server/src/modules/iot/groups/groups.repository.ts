import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import {
  type GroupKind,
  iotDashboards,
  iotDevices,
  iotFolders,
  iotSketches,
  iotThings,
  iotTriggers,
} from '../../../db/schema/index.ts';
import { type IotSpace, inSpace } from '../common/space.ts';

export type FolderRow = typeof iotFolders.$inferSelect;
export type ItemKind = GroupKind;

interface ItemTable {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  organizationId: PgColumn;
  ownerUserId: PgColumn;
  folderId: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
}

const TABLES: Record<ItemKind, ItemTable> = {
  DEVICE: { ...iotDevices, table: iotDevices },
  THING: { ...iotThings, table: iotThings },
  DASHBOARD: { ...iotDashboards, table: iotDashboards },
  TRIGGER: { ...iotTriggers, table: iotTriggers },
  SKETCH: { ...iotSketches, table: iotSketches },
};
export const ITEM_KINDS = Object.keys(TABLES) as ItemKind[];

export interface ItemRow {
  id: string;
  name: string;
  folderId: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** The only SQL of the group lists: folders, and the items of each kind with their folder. */
export function createGroupsRepository(db: Database) {
  return {
    async folders(
      space: IotSpace,
      kinds: readonly GroupKind[],
      parentId: string | null,
    ): Promise<FolderRow[]> {
      return db
        .select()
        .from(iotFolders)
        .where(
          and(
            inSpace(iotFolders, space),
            isNull(iotFolders.deletedAt),
            inArray(iotFolders.kind, [...kinds]),
            parentId ? eq(iotFolders.parentId, parentId) : isNull(iotFolders.parentId),
          ),
        )
        .orderBy(asc(iotFolders.name), asc(iotFolders.id));
    },

    async folder(space: IotSpace, id: string): Promise<FolderRow | null> {
      const rows = await db
        .select()
        .from(iotFolders)
        .where(and(inSpace(iotFolders, space), eq(iotFolders.id, id), isNull(iotFolders.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Items of a kind in a folder (null: not in any folder), or every deleted one (`trash`). */
    async items(
      space: IotSpace,
      kind: ItemKind,
      where: { folderId: string | null; withDeleted: boolean } | { trash: true },
    ): Promise<ItemRow[]> {
      const t = TABLES[kind];
      const cond: SQL[] = [inSpace(t, space)];
      if ('trash' in where) cond.push(isNotNull(t.deletedAt));
      else {
        if (!where.withDeleted) cond.push(isNull(t.deletedAt));
        cond.push(where.folderId ? eq(t.folderId, where.folderId) : isNull(t.folderId));
      }
      const rows = await db
        .select({
          id: t.id,
          name: t.name,
          folderId: t.folderId,
          createdAt: t.createdAt,
          updatedAt: t.updatedAt,
          deletedAt: t.deletedAt,
        })
        .from(t.table)
        .where(and(...cond))
        .orderBy(asc(t.name), asc(t.id));
      return rows as ItemRow[];
    },

    /** Which of the ids are items (deleted or not) of the space. */
    async itemIds(space: IotSpace, kind: ItemKind, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const t = TABLES[kind];
      const rows = await db
        .select({ id: t.id })
        .from(t.table)
        .where(and(inSpace(t, space), inArray(t.id, ids)));
      return new Set(rows.map((r) => r.id as string));
    },

    async moveItems(kind: ItemKind, ids: string[], folderId: string | null): Promise<void> {
      if (ids.length === 0) return;
      const t = TABLES[kind];
      await db
        .update(t.table)
        .set({ folderId } as never)
        .where(inArray(t.id, ids));
    },

    async insertFolder(values: typeof iotFolders.$inferInsert): Promise<FolderRow> {
      const rows = await db.insert(iotFolders).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateFolder(id: string, changes: { name?: string; parentId?: string | null }): Promise<void> {
      await db
        .update(iotFolders)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(iotFolders.id, id));
    },

    /** Ids of the folder and every folder below it. */
    async subtree(id: string): Promise<string[]> {
      const res = await db.execute<{ id: string }>(sql`
        with recursive tree(id) as (
          select ${id}::uuid
          union all
          select f.id from ${iotFolders} f join tree on f.parent_id = tree.id
        )
        select id from tree`);
      const rows = (Array.isArray(res) ? res : (res as { rows: { id: string }[] }).rows) as { id: string }[];
      return rows.map((r) => r.id);
    },

    /** Deletes a folder: what it held (items and folders) moves up to its parent. */
    async deleteFolder(folder: FolderRow): Promise<void> {
      for (const kind of ITEM_KINDS) {
        const t = TABLES[kind];
        await db
          .update(t.table)
          .set({ folderId: folder.parentId } as never)
          .where(eq(t.folderId, folder.id));
      }
      await db
        .update(iotFolders)
        .set({ parentId: folder.parentId, updatedAt: sql`now()` })
        .where(eq(iotFolders.parentId, folder.id));
      await db.delete(iotFolders).where(eq(iotFolders.id, folder.id));
    },
  };
}
