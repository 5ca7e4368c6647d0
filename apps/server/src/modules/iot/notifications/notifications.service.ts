import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/index.ts';
import { compact, iso } from '../common/schemas.ts';

const MAX_NOTIFICATIONS = 100;

/** The caller's notifications (spec 7.4 `GET /notifications`), newest first, and marking them read. */
export function createNotificationsService(deps: { db: Database }) {
  const unread = async (userId: string) =>
    (
      await deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    )[0]?.n ?? 0;

  return {
    async list(userId: string) {
      const rows = await deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(MAX_NOTIFICATIONS);
      return {
        notifications: rows.map((n) =>
          compact({
            id: n.id,
            kind: n.kind,
            title: n.title,
            body: n.body,
            link: n.link ?? undefined,
            organization_id: n.organizationId ?? undefined,
            data: n.data,
            created_at: n.createdAt.toISOString(),
            read_at: iso(n.readAt),
            read: n.readAt !== null,
          }),
        ),
        unread: await unread(userId),
      };
    },

    /** Marks the given notifications (all when none are named) as read. */
    async markRead(userId: string, ids: string[] | undefined) {
      const where = [eq(notifications.userId, userId), isNull(notifications.readAt)];
      if (ids)
        where.push(
          inArray(notifications.id, ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']),
        );
      await deps.db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(...where));
      return { unread: await unread(userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
