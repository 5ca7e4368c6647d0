import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { notifications, users } from '../../../db/schema/index.ts';

export type NewNotificationRow = typeof notifications.$inferInsert;

/** The only SQL for notifications (and the address their mail goes to). */
export function createNotificationsRepository(db: Database) {
  return {
    /** The user's newest notifications first, at most `limit`. */
    list(userId: string, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks the user's unread notifications read: those of `ids`, or every one when `ids` is undefined. */
    async markRead(userId: string, ids: string[] | undefined): Promise<void> {
      const where = [eq(notifications.userId, userId), isNull(notifications.readAt)];
      if (ids) {
        // An empty list names none (inArray needs at least one value).
        where.push(
          inArray(notifications.id, ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']),
        );
      }
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(...where));
    },

    /** Stores the rows and says which notification each user got. */
    insertMany(rows: NewNotificationRow[]): Promise<{ id: string; userId: string }[]> {
      if (rows.length === 0) return Promise.resolve([]);
      return db
        .insert(notifications)
        .values(rows)
        .returning({ id: notifications.id, userId: notifications.userId });
    },

    /** The e-mail address a notification's mail goes to, if the user has one. */
    async emailOf(userId: string): Promise<string | null> {
      const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return me?.email ?? null;
    },
  };
}
