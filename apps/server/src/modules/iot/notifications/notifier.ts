import type { Database } from '../../../db/client.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { createNotificationsRepository, type NewNotificationRow } from './notifications.repository.ts';

/**
 * The one way a notification is left for someone: stored, then announced on the live stream of its
 * recipient (`notifications.created`), so their bell refreshes at once in whatever space they look at.
 * The announcement comes after the commit: a bell that refetches on it finds the row.
 */
export function createNotifier(deps: { db: Database; events?: EventBus | undefined }) {
  const repo = createNotificationsRepository(deps.db);
  const announce = iotEvents(deps.events);
  return {
    async add(rows: NewNotificationRow[]): Promise<void> {
      for (const row of await repo.insertMany(rows)) announce.notificationCreated(row.userId, row.id);
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
