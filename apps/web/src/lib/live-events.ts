import {
  type LiveStreamEvent,
  MY_CLOUD_SPACE_ID,
  type Onboarding,
  onboardingSchema,
  parseLiveStreamEvent,
} from '@tinkercloud/shared';
import { z } from 'zod';
import { logger } from './logger.ts';
import { createSseParser, type SseEvent } from './sse-parser.ts';

/**
 * Event streams of the server read with fetch streaming (EventSource cannot send the bearer token or
 * X-Organization). Each subscription reconnects on its own, with growing delays and `Last-Event-ID`, until
 * `stop()`; a stream that stays silent longer than three heartbeats counts as lost.
 */
export type StreamStatus = 'connecting' | 'open' | 'closed';

export interface StreamOptions {
  url: string;
  /** A fresh access token for each connection; a failure (signed out) ends the subscription. */
  getAccessToken: () => Promise<string>;
  /** The selected space id; My Cloud sends no X-Organization. */
  organization?: string | undefined;
  fetch?: typeof fetch;
  onStatus?: (status: StreamStatus) => void;
  /** Each failed or lost connection (before the next attempt). */
  onFailure?: (error: unknown) => void;
  /** Reconnect delays: `initialMs` doubling up to `maxMs`, each with up to 50 % jitter. */
  backoff?: { initialMs: number; maxMs: number };
  /** Silence after which the connection is dropped and made again (default 45 s: three heartbeats). */
  idleTimeoutMs?: number;
  random?: () => number;
}

export interface Subscription {
  stop(): void;
}

/** Answers that no retry can change: the space is not (or no longer) the caller's. */
const FINAL_STATUSES = new Set([403, 404]);
const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000 };

export class StreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

/** The connection loop shared by every stream: `onEvent` gets each raw event. */
export function subscribeSse(options: StreamOptions & { onEvent: (event: SseEvent) => void }): Subscription {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const random = options.random ?? Math.random;
  let stopped = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId: string | undefined;
  let failures = 0;

  const status = (s: StreamStatus) => options.onStatus?.(s);

  async function connect(): Promise<void> {
    status('connecting');
    let token: string;
    try {
      token = await options.getAccessToken();
    } catch (error) {
      // Signed out: nothing to stream any more.
      finish(error);
      return;
    }
    if (stopped) return;
    const headers = new Headers({ Accept: 'text/event-stream', Authorization: `Bearer ${token}` });
    if (options.organization && options.organization !== MY_CLOUD_SPACE_ID) {
      headers.set('X-Organization', options.organization);
    }
    if (lastEventId) headers.set('Last-Event-ID', lastEventId);
    controller = new AbortController();
    const { signal } = controller;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () => controller?.abort(new StreamError('The event stream went silent.')),
        idleTimeoutMs,
      );
    };
    try {
      watch();
      const response = await doFetch(options.url, { headers, signal, cache: 'no-store' });
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new StreamError(`The event stream answered ${response.status}.`, response.status);
      }
      status('open');
      const parser = createSseParser((event) => {
        failures = 0;
        options.onEvent(event);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || stopped) break;
          watch();
          parser.push(value);
          lastEventId = parser.lastEventId() ?? lastEventId;
        }
      } finally {
        reader.releaseLock();
      }
      if (stopped) return;
      throw new StreamError('The event stream ended.');
    } catch (error) {
      if (stopped) return;
      if (error instanceof StreamError && error.status !== undefined && FINAL_STATUSES.has(error.status)) {
        finish(error);
        return;
      }
      options.onFailure?.(error);
      retry();
    } finally {
      clearTimeout(idle);
    }
  }

  function retry() {
    status('connecting');
    const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => void connect(), base * (0.5 + random() / 2));
  }

  function finish(error: unknown) {
    if (stopped) return;
    stopped = true;
    options.onFailure?.(error);
    status('closed');
  }

  void connect();
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(retryTimer);
      controller?.abort();
      status('closed');
    },
  };
}

/**
 * The live events of a space (`GET /live/v1/events`): a `snapshot` on each new connection (none when the
 * server resumes after Last-Event-ID), then values, statuses and changes. Events that do not fit the contract
 * are skipped.
 */
export function subscribeLive(
  options: StreamOptions & { onEvent: (event: LiveStreamEvent) => void },
): Subscription {
  return subscribeSse({
    ...options,
    onEvent(raw) {
      let data: unknown;
      try {
        data = JSON.parse(raw.data);
      } catch {
        data = undefined;
      }
      const event = parseLiveStreamEvent(raw.event, data);
      if (event) options.onEvent(event);
      else logger.warn('Skipped a live event that does not fit its contract', raw.event);
    },
  });
}

const onboardingsData = z.object({ onboardings: z.array(onboardingSchema) });

/**
 * The caller's onboardings in a space (`GET /provisioning/v1/onboarding/sse`). On any stream failure the list
 * is empty (spec section 8, "Event stream failure") until the stream delivers again.
 */
export function subscribeOnboardings(
  options: StreamOptions & { onList: (onboardings: Onboarding[]) => void },
): Subscription {
  return subscribeSse({
    ...options,
    onFailure(error) {
      options.onList([]);
      options.onFailure?.(error);
    },
    onEvent(raw) {
      if (raw.event !== 'onboardings') return;
      try {
        options.onList(onboardingsData.parse(JSON.parse(raw.data)).onboardings);
      } catch {
        options.onList([]);
      }
    },
  });
}

/** What a page receives from a live source: checked events, and whether the stream is open. */
export interface LiveHandlers {
  onMessage: (event: LiveStreamEvent) => void;
  onOpen?: (open: boolean) => void;
  /** The event types the page handles (all when absent): the others are held for a page that does. */
  types?: readonly string[];
}

interface SharedStream {
  handlers: Set<LiveHandlers>;
  open: boolean;
  stop: () => void;
  lingering?: ReturnType<typeof setTimeout>;
  /** Events no subscribed page handles, kept for the page that joins next and does. */
  held: LiveStreamEvent[];
  /** More came than are held: the next page to join gets a new connection (and its snapshot) instead. */
  overflowed: boolean;
}

/** Events a stream holds for pages to come; past this, a new connection's snapshot serves them better. */
export const LIVE_HOLD_MAX = 500;

const handles = (h: LiveHandlers, type: string) => !h.types || h.types.includes(type);

/**
 * The app's live source (`Services.live`): one stream per space, shared by every page subscribed to that
 * space. A stream whose last subscriber leaves stays `lingerMs` (so moving between pages does not reconnect),
 * unless a page subscribes to another space, which closes it at once. `stop()` closes everything (sign-out).
 * An event no subscriber handles (the stream lingers while the next page's chunk loads, or only the bell
 * listens) is held and handed to the next page that joins and handles it, so a change made in between is not
 * missed; once more than `LIVE_HOLD_MAX` are held, the next page to join gets a new connection instead, whose
 * snapshot makes the pages read their lists again.
 */
export function createLiveSource(
  options: Omit<StreamOptions, 'organization' | 'onStatus'> & { lingerMs?: number },
) {
  const lingerMs = options.lingerMs ?? 2000;
  const streams = new Map<string, SharedStream>();

  function close(space: string, stream: SharedStream) {
    clearTimeout(stream.lingering);
    stream.stop();
    if (streams.get(space) === stream) streams.delete(space);
  }

  function hold(stream: SharedStream, event: LiveStreamEvent) {
    if (stream.overflowed) return;
    if (stream.held.length < LIVE_HOLD_MAX) stream.held.push(event);
    else {
      stream.held = [];
      stream.overflowed = true;
    }
  }

  /** The space's stream for a joining page: a new one (its pages moved over) when the old one held too much. */
  function joinable(space: string): SharedStream {
    const current = streams.get(space);
    if (!current) return open(space);
    if (!current.overflowed) return current;
    close(space, current);
    const fresh = open(space);
    for (const h of current.handlers) fresh.handlers.add(h);
    return fresh;
  }

  function open(space: string): SharedStream {
    const stream: SharedStream = {
      handlers: new Set(),
      open: false,
      stop: () => undefined,
      held: [],
      overflowed: false,
    };
    const sub = subscribeLive({
      ...options,
      organization: space,
      onEvent: (event) => {
        const takers = [...stream.handlers].filter((h) => handles(h, event.type));
        if (takers.length === 0) hold(stream, event);
        for (const h of takers) h.onMessage(event);
      },
      onStatus: (status) => {
        const isOpen = status === 'open';
        if (isOpen === stream.open) return;
        stream.open = isOpen;
        for (const h of [...stream.handlers]) h.onOpen?.(isOpen);
      },
    });
    stream.stop = () => sub.stop();
    streams.set(space, stream);
    return stream;
  }

  return {
    subscribe(space: string, handlers: LiveHandlers): () => void {
      for (const [other, stream] of streams) {
        if (other !== space && stream.handlers.size === 0) close(other, stream);
      }
      const stream = joinable(space);
      clearTimeout(stream.lingering);
      stream.handlers.add(handlers);
      if (stream.open) handlers.onOpen?.(true);
      const mine = stream.held.filter((e) => handles(handlers, e.type));
      if (mine.length > 0) {
        stream.held = stream.held.filter((e) => !handles(handlers, e.type));
        for (const event of mine) handlers.onMessage(event);
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        stream.handlers.delete(handlers);
        // A held-too-much stream may have been replaced since, with this page moved over to the new one.
        const current = streams.get(space);
        if (!current) return;
        current.handlers.delete(handlers);
        if (current.handlers.size > 0) return;
        clearTimeout(current.lingering);
        current.lingering = setTimeout(() => close(space, current), lingerMs);
      };
    },
    /** Closes every stream (sign-out); later subscriptions open new ones. */
    stop() {
      for (const [space, stream] of [...streams]) close(space, stream);
    },
  };
}
export type LiveSourceImpl = ReturnType<typeof createLiveSource>;
