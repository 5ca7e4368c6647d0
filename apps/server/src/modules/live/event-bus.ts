/**
 * Live events for browsers (contract only; the bus itself and the SSE stream live beside this file).
 * My Cloud is `organizationId: null` with its owner; a school or team space is its organisation id.
 */
export interface SpaceKey {
  organizationId: string | null;
  ownerUserId: string;
}

export interface LiveEvent {
  type: 'properties.value' | 'devices.status' | 'things.updated' | 'devices.updated' | (string & {});
  space: SpaceKey;
  data: object;
}

export interface EventBus {
  publish(event: LiveEvent): void;
  subscribe(space: SpaceKey, handler: (event: LiveEvent) => void): () => void;
}

/** How the bus reaches the other server processes: through the MQTT broker (modules/connectivity). */
export interface BusTransport {
  publish(topic: string, payload: Buffer): void;
  subscribe(topic: string, handler: (topic: string, payload: Buffer) => void): void;
}
