import type { DashboardEventType, EventBus } from './live-event.ts';
import { personalSpaceKey, spaceKeyOf } from './live-event.ts';

type Space = { organizationId: string | null; ownerUserId: string };

/**
 * What the IoT services (and device ingest) announce after a change is committed. Without a bus (tests of other modules) every
 * call does nothing.
 */
export function iotEvents(bus: EventBus | undefined) {
  return {
    thingUpdated(space: Space, thingId: string) {
      bus?.publish({ type: 'things.updated', space: spaceKeyOf(space), data: { thing_id: thingId } });
    },
    deviceUpdated(space: Space, deviceId: string) {
      bus?.publish({ type: 'devices.updated', space: spaceKeyOf(space), data: { device_id: deviceId } });
    },
    /** A dashboard of the space was created (or cloned), changed, or deleted (soft or for good). */
    dashboardChanged(space: Space, dashboardId: string, type: DashboardEventType) {
      bus?.publish({ type, space: spaceKeyOf(space), data: { dashboard_id: dashboardId } });
    },
    /** A sketch of the space changed (files, name, trash): its editor and the sketch list read again. */
    sketchChanged(space: Space, sketchId: string) {
      bus?.publish({ type: 'sketches.updated', space: spaceKeyOf(space), data: { sketch_id: sketchId } });
    },
    /** For the connectivity module: a device's MQTT session began or ended. */
    deviceStatus(space: Space, deviceId: string, status: 'ONLINE' | 'OFFLINE', at: Date) {
      bus?.publish({
        type: 'devices.status',
        space: spaceKeyOf(space),
        data: { device_id: deviceId, status, at: at.toISOString() },
      });
    },
    /**
     * A notification was left for `userId`: announced in that user's own space key, which every live stream
     * of theirs listens to (`live.routes.ts`), so the bell hears of it in whatever space it shows.
     */
    notificationCreated(userId: string, notificationId: string) {
      bus?.publish({
        type: 'notifications.created',
        space: personalSpaceKey(userId),
        data: { notification_id: notificationId, user_id: userId },
      });
    },
    propertyValue(
      space: Space,
      property: { thingId: string; id: string; name: string },
      value: unknown,
      at: Date,
      origin?: 'device' | 'echo' | 'cloud',
    ) {
      bus?.publish({
        type: 'properties.value',
        space: spaceKeyOf(space),
        data: {
          thing_id: property.thingId,
          property_id: property.id,
          name: property.name,
          value,
          updated_at: at.toISOString(),
          ...(origin && { origin }),
        },
      });
    },
  };
}
