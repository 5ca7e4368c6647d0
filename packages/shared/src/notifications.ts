import { z } from 'zod';

/**
 * `GET /notifications` (spec 7.4): the caller's notifications, newest first, with the unread count. A fired
 * trigger's push action leaves one per recipient (`kind: 'trigger'`, `data.trigger_id`).
 */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().optional(),
  organization_id: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read_at: z.string().optional(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `POST /notifications/read`: the named ones, or every one when `ids` is absent. */
export const markNotificationsReadBody = z.object({ ids: z.array(z.uuid()).max(100).optional() });
export const markNotificationsReadAnswer = z.object({ unread: z.number().int() });
