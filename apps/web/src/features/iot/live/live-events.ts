import { z } from 'zod';

/**
 * The events of the browser's live stream (`GET /live/v1/events`, text/event-stream) for the selected space,
 * as the server documents them. Each arrives as an SSE event whose name is `type` and whose data is JSON.
 */
const snapshot = z.object({
  type: z.literal('snapshot'),
  data: z.object({
    devices: z.array(z.object({ id: z.string(), status: z.string() })),
    properties: z.array(
      z.object({
        thing_id: z.string(),
        id: z.string(),
        name: z.string().optional(),
        value: z.unknown(),
        value_updated_at: z.string().nullish(),
      }),
    ),
  }),
});
const propertyValue = z.object({
  type: z.literal('properties.value'),
  data: z.object({
    thing_id: z.string(),
    property_id: z.string(),
    name: z.string().optional(),
    value: z.unknown(),
    updated_at: z.string(),
  }),
});
const deviceStatus = z.object({
  type: z.literal('devices.status'),
  data: z.object({ device_id: z.string(), status: z.enum(['ONLINE', 'OFFLINE']), at: z.string() }),
});
const thingUpdated = z.object({
  type: z.literal('things.updated'),
  data: z.object({ thing_id: z.string() }),
});
const deviceUpdated = z.object({
  type: z.literal('devices.updated'),
  data: z.object({ device_id: z.string() }),
});

const dashboardData = z.object({ dashboard_id: z.string() });
const dashboardCreated = z.object({ type: z.literal('dashboards.created'), data: dashboardData });
const dashboardUpdated = z.object({ type: z.literal('dashboards.updated'), data: dashboardData });
const dashboardDeleted = z.object({ type: z.literal('dashboards.deleted'), data: dashboardData });

export const liveEventSchema = z.discriminatedUnion('type', [
  snapshot,
  propertyValue,
  deviceStatus,
  thingUpdated,
  deviceUpdated,
  dashboardCreated,
  dashboardUpdated,
  dashboardDeleted,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** One message as a stream client hands it over, before it is checked. */
export interface LiveMessage {
  type: string;
  data: unknown;
}

/**
 * Where live messages come from: the event-stream client. `subscribe` opens (or joins) the stream of a space
 * and returns a function that leaves it; `onOpen(false)` reports a dropped stream, `onOpen(true)` a working one.
 */
export interface LiveSource {
  subscribe(
    space: string,
    handlers: { onMessage: (message: LiveMessage) => void; onOpen?: (open: boolean) => void },
  ): () => void;
}
