import type {
  DashboardChangedData,
  DeviceStatusData,
  DeviceUpdatedData,
  NotificationCreatedData,
  PropertyValueData,
  SketchChangedData,
  ThingUpdatedData,
} from '@tinkercloud/shared';

/** The space an event belongs to: a school or team space, or the My Cloud of `ownerUserId` (organizationId null). */
export interface SpaceKey {
  organizationId: string | null;
  /** Only names the space for My Cloud; in an organisation it is whoever caused the event. */
  ownerUserId: string;
}

interface OnboardingsUpdatedData {
  onboarding_id: string;
  /** Only this user's onboarding streams re-read their list. */
  user_id: string;
}

/**
 * Something that happened in a space. All but the last type are streamed to browsers (`GET /live/v1/events`);
 * `onboardings.updated` only tells onboarding streams to re-read.
 */
export type LiveEvent =
  | { type: 'properties.value'; space: SpaceKey; data: PropertyValueData }
  | { type: 'devices.status'; space: SpaceKey; data: DeviceStatusData }
  | { type: 'things.updated'; space: SpaceKey; data: ThingUpdatedData }
  | { type: 'devices.updated'; space: SpaceKey; data: DeviceUpdatedData }
  | { type: DashboardEventType; space: SpaceKey; data: DashboardChangedData }
  /** Always published in the recipient's own space key (their My Cloud), so one topic per user carries it. */
  | { type: 'notifications.created'; space: SpaceKey; data: NotificationCreatedData }
  | { type: 'sketches.updated'; space: SpaceKey; data: SketchChangedData }
  | { type: 'onboardings.updated'; space: SpaceKey; data: OnboardingsUpdatedData };
export type DashboardEventType = 'dashboards.created' | 'dashboards.updated' | 'dashboards.deleted';
export type LiveEventHandler = (event: LiveEvent) => void;

export interface EventBus {
  /** Fire and forget: delivery never fails the caller. */
  publish(event: LiveEvent): void;
  /** Calls `handler` for every event of this space until the returned function is called. */
  subscribe(space: SpaceKey, handler: LiveEventHandler): () => void;
}

/**
 * A publish/subscribe link to the MQTT broker, provided by the connectivity module (embedded Aedes or an
 * external broker). `subscribe` takes MQTT topic filters (`#`, `+`); where the broker allows it (MQTT 5 No
 * Local, the embedded broker) it does not hand back what this transport published.
 */
export interface LiveTransport {
  publish(topic: string, payload: Buffer): void;
  subscribe(topic: string, handler: (topic: string, payload: Buffer) => void): void;
}

/** One string per space: the organisation id, or `user:{owner}` for a My Cloud. */
export function spaceKeyString(space: SpaceKey): string {
  return space.organizationId ?? `user:${space.ownerUserId}`;
}

/** `$`-topics are not matched by a client's `#`, and device ACLs never grant them. */
export const LIVE_TOPIC_PREFIX = '$tc/live/';
export const LIVE_TOPIC_FILTER = `${LIVE_TOPIC_PREFIX}#`;

export function spaceTopic(space: SpaceKey): string {
  return `${LIVE_TOPIC_PREFIX}${spaceKeyString(space)}`;
}

/** The space key of a row or resolved space (only the two fields matter). */
export function spaceKeyOf(space: { organizationId: string | null; ownerUserId: string }): SpaceKey {
  return { organizationId: space.organizationId, ownerUserId: space.ownerUserId };
}

/** A user's own space key (their My Cloud): where what belongs to the user rather than a space is announced. */
export function personalSpaceKey(userId: string): SpaceKey {
  return { organizationId: null, ownerUserId: userId };
}
