import type { LiveStreamEvent } from '@tinkercloud/shared';

/**
 * The events of the browser's live stream (`GET /live/v1/events`, text/event-stream) for the selected space.
 * Each arrives as an SSE event whose name is `type` and whose data is JSON; their shapes are the server's
 * (`packages/shared/src/live.ts`, `parseLiveStreamEvent`).
 */
export type LiveEvent = LiveStreamEvent;

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
    handlers: {
      onMessage: (message: LiveMessage) => void;
      onOpen?: (open: boolean) => void;
      /** The event types the subscriber handles (all when absent); see `createLiveSource`. */
      types?: readonly string[];
    },
  ): () => void;
}
