import { z } from 'zod';

/**
 * The live event stream of a space (`GET /live/v1/events`, text/event-stream): the server validates what it
 * forwards between its processes with these schemas, the browser validates what it reads with them.
 */
export const LIVE_STREAM_PATH = '/live/v1/events';
/** The server sends a comment this often so proxies keep the stream open. */
export const LIVE_HEARTBEAT_MS = 15_000;

const isoTime = z.string().min(1).max(40);
const id = z.string().min(1).max(64);

export const propertyValueDataSchema = z.object({
  thing_id: id,
  property_id: id,
  name: z.string().max(256),
  value: z.unknown(),
  updated_at: isoTime,
  /**
   * Where the value came from, when the server knows: a device reading, a device repeating a value the
   * cloud just wrote to it (`echo`: the device applied the write), or a cloud write. Absent: unknown.
   */
  origin: z.enum(['device', 'echo', 'cloud']).optional(),
});
export const deviceStatusDataSchema = z.object({
  device_id: id,
  status: z.enum(['ONLINE', 'OFFLINE']),
  at: isoTime,
});
export const thingUpdatedDataSchema = z.object({ thing_id: id });
export const deviceUpdatedDataSchema = z.object({ device_id: id });
/** A dashboard was created, changed (widgets, links, shares, restore) or deleted. */
export const dashboardChangedDataSchema = z.object({ dashboard_id: id });
/**
 * A notification was left for `user_id` (`GET /notifications`). It reaches every stream that user has open,
 * whichever space it looks at: notifications are the user's, not a space's.
 */
/** A sketch was created, changed (files, name, a thing's regenerated code), trashed, restored or purged. */
export const sketchChangedDataSchema = z.object({ sketch_id: id });
export const notificationCreatedDataSchema = z.object({ notification_id: id, user_id: id });

export const snapshotDataSchema = z.object({
  devices: z.array(z.object({ id, status: z.string().max(16) })),
  properties: z.array(
    z.object({
      thing_id: id,
      id,
      name: z.string().max(256),
      value: z.unknown(),
      value_updated_at: isoTime.nullable(),
    }),
  ),
});

/** Each streamed event type and the shape of its `data`. */
export const LIVE_DATA_SCHEMAS = {
  'properties.value': propertyValueDataSchema,
  'devices.status': deviceStatusDataSchema,
  'things.updated': thingUpdatedDataSchema,
  'devices.updated': deviceUpdatedDataSchema,
  'dashboards.created': dashboardChangedDataSchema,
  'dashboards.updated': dashboardChangedDataSchema,
  'dashboards.deleted': dashboardChangedDataSchema,
  'notifications.created': notificationCreatedDataSchema,
  'sketches.updated': sketchChangedDataSchema,
} as const;
export type LiveStreamType = keyof typeof LIVE_DATA_SCHEMAS;
export const LIVE_STREAM_TYPES = Object.keys(LIVE_DATA_SCHEMAS) as LiveStreamType[];

export type PropertyValueData = z.infer<typeof propertyValueDataSchema>;
export type DeviceStatusData = z.infer<typeof deviceStatusDataSchema>;
export type ThingUpdatedData = z.infer<typeof thingUpdatedDataSchema>;
export type DeviceUpdatedData = z.infer<typeof deviceUpdatedDataSchema>;
export type DashboardChangedData = z.infer<typeof dashboardChangedDataSchema>;
export type NotificationCreatedData = z.infer<typeof notificationCreatedDataSchema>;
export type SketchChangedData = z.infer<typeof sketchChangedDataSchema>;
export type SnapshotData = z.infer<typeof snapshotDataSchema>;

/** What a reader of the stream gets: the snapshot, or one of the live events. */
export type LiveStreamEvent =
  | { type: 'snapshot'; data: SnapshotData }
  | { type: 'properties.value'; data: PropertyValueData }
  | { type: 'devices.status'; data: DeviceStatusData }
  | { type: 'things.updated'; data: ThingUpdatedData }
  | { type: 'devices.updated'; data: DeviceUpdatedData }
  | { type: 'dashboards.created' | 'dashboards.updated' | 'dashboards.deleted'; data: DashboardChangedData }
  | { type: 'notifications.created'; data: NotificationCreatedData }
  | { type: 'sketches.updated'; data: SketchChangedData };

export function isLiveStreamType(type: string): type is LiveStreamType {
  return Object.hasOwn(LIVE_DATA_SCHEMAS, type);
}

/** Parses the `data` of a named stream event; null for unknown names or data that does not fit. */
export function parseLiveStreamEvent(type: string, data: unknown): LiveStreamEvent | null {
  if (type === 'snapshot') {
    const parsed = snapshotDataSchema.safeParse(data);
    return parsed.success ? { type, data: parsed.data } : null;
  }
  if (!isLiveStreamType(type)) return null;
  const parsed = LIVE_DATA_SCHEMAS[type].safeParse(data);
  return parsed.success ? ({ type, data: parsed.data } as LiveStreamEvent) : null;
}

/**
 * A board onboarded from the browser (spec section 3). It is active until it has `ended_at`, `provisioned_at`
 * or `deleted_at` (spec 4.5).
 */
export const onboardingSchema = z.object({
  id: z.string(),
  device_id: z.string(),
  device_name: z.string(),
  provisioned_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
/** The event of `GET /provisioning/v1/onboarding/sse` carrying the current list. */
export const ONBOARDINGS_EVENT = 'onboardings';

export function isOnboardingActive(o: Pick<Onboarding, 'provisioned_at' | 'ended_at' | 'deleted_at'>) {
  return o.provisioned_at === null && o.ended_at === null && o.deleted_at === null;
}
