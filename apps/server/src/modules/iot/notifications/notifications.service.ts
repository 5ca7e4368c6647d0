import type { Database } from '../../../db/client.ts';
import { compact, iso } from '../common/schemas.ts';
import { createNotificationsRepository } from './notifications.repository.ts';

const MAX_NOTIFICATIONS = 100;

/** The caller's notifications (spec 7.4 `GET /notifications`), newest first, and marking them read. */
export function createNotificationsService(deps: { db: Database }) {
  const repo = createNotificationsRepository(deps.db);

  return {
    async list(userId: string) {
      const rows = await repo.list(userId, MAX_NOTIFICATIONS);
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
        unread: await repo.unreadCount(userId),
      };
    },

    /** Marks the given notifications (all when none are named) as read. */
    async markRead(userId: string, ids: string[] | undefined) {
      await repo.markRead(userId, ids);
      return { unread: await repo.unreadCount(userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
