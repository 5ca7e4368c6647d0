import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';

type MediaRow = typeof media.$inferSelect;
export type MediaKind = MediaRow['kind'];

/** The only SQL for stored images. */
export function createMediaRepository(db: Database) {
  return {
    async insert(values: {
      organizationId: string;
      kind: MediaKind;
      contentType: string;
      bytes: Buffer;
    }): Promise<MediaRow> {
      const rows = await db
        .insert(media)
        .values({ ...values, size: values.bytes.length })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async get(id: string): Promise<MediaRow | null> {
      const rows = await db.select().from(media).where(eq(media.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async delete(id: string): Promise<void> {
      await db.delete(media).where(eq(media.id, id));
    },
  };
}
