import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { media } from '../../db/schema/index.ts';

type MediaRow = typeof media.$inferSelect;
export type MediaKind = MediaRow['kind'];
/** Whose uploaded images: a space's, or (no space) the caller's My Cloud. */
export type MediaOwner = { organizationId: string | null; ownerUserId: string };

/** SQL: an uploaded image (not a logo) of this owner. */
const imagesOf = (owner: MediaOwner): SQL =>
  and(
    eq(media.kind, 'image'),
    owner.organizationId
      ? eq(media.organizationId, owner.organizationId)
      : and(isNull(media.organizationId), eq(media.ownerUserId, owner.ownerUserId)),
  ) as SQL;

/** The only SQL for stored images. */
export function createMediaRepository(db: Database) {
  return {
    async insert(values: {
      organizationId: string | null;
      ownerUserId?: string;
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

    /** The owner's uploaded images, newest first, without their bytes. */
    async listImages(owner: MediaOwner) {
      return db
        .select({
          id: media.id,
          contentType: media.contentType,
          size: media.size,
          createdAt: media.createdAt,
        })
        .from(media)
        .where(imagesOf(owner))
        .orderBy(desc(media.createdAt), desc(media.id));
    },

    /**
     * Stores an uploaded image unless its owner already holds `limit`: the count and the insert run under one
     * lock per owner, so two uploads at the same moment (in one process or two) cannot both take the last place.
     * Null when the owner is full.
     */
    async insertImageWithin(
      owner: MediaOwner,
      limit: number,
      values: { contentType: string; bytes: Buffer },
    ): Promise<MediaRow | null> {
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, `media-images:${owner.organizationId ?? `user:${owner.ownerUserId}`}`);
        const counted = await tx.select({ n: count() }).from(media).where(imagesOf(owner));
        if ((counted[0]?.n ?? 0) >= limit) return null;
        const rows = await tx
          .insert(media)
          .values({
            organizationId: owner.organizationId,
            // In a space the image is the space's (it outlives its uploader's account); in My Cloud, its owner's.
            ...(owner.organizationId ? {} : { ownerUserId: owner.ownerUserId }),
            kind: 'image',
            contentType: values.contentType,
            bytes: values.bytes,
            size: values.bytes.length,
          })
          .returning();
        return rows[0] ?? null;
      });
    },

    async countImages(owner: MediaOwner): Promise<number> {
      const rows = await db.select({ n: count() }).from(media).where(imagesOf(owner));
      return rows[0]?.n ?? 0;
    },

    /** Deletes an image of this owner; false when it has none by that id (another space's included). */
    async deleteImage(owner: MediaOwner, id: string): Promise<boolean> {
      const rows = await db
        .delete(media)
        .where(and(eq(media.id, id), imagesOf(owner)))
        .returning({ id: media.id });
      return rows.length > 0;
    },
  };
}
