import { randomBytes } from 'node:crypto';
import { isLiveStreamType } from '@tinkercloud/shared';
import { type EventBus, type LiveEvent, type SpaceKey, spaceKeyString } from './live-event.ts';

/** An event as streamed: its id is `{epoch}.{n}`, n increasing in this process, epoch new at each start. */
export interface NumberedEvent {
  id: string;
  seq: number;
  event: LiveEvent;
}

interface Channel {
  /** Taken when this channel began listening: ids below it were never held here. */
  since: number;
  /** The highest number dropped from the buffer (0: none). */
  evicted: number;
  events: NumberedEvent[];
  listeners: Set<(e: NumberedEvent) => void>;
  unsubscribe: () => void;
  dropTimer: NodeJS.Timeout | undefined;
}

interface Attachment {
  /** Events after the client's Last-Event-ID when this process still holds all of them; else null. */
  replay: NumberedEvent[] | null;
  /** The id to give a fresh snapshot (null when replaying). */
  snapshotId: string | null;
  detach(): void;
}

const ID = /^([0-9a-f]{8})\.(\d{1,15})$/;

/**
 * Numbers the streamed events of each space that has a reader and keeps the last `bufferSize` of them, so a
 * client reconnecting with `Last-Event-ID` gets what it missed instead of a new snapshot. A space's buffer is
 * kept `retainMs` after its last reader leaves, so a reconnect within that time still resumes.
 */
export function createLiveHub(bus: EventBus, opts: { bufferSize?: number; retainMs?: number } = {}) {
  const bufferSize = opts.bufferSize ?? 500;
  const retainMs = opts.retainMs ?? 60_000;
  const epoch = randomBytes(4).toString('hex');
  let seq = 0;
  const channels = new Map<string, Channel>();

  const next = () => {
    seq += 1;
    return seq;
  };

  function channelFor(space: SpaceKey): Channel {
    const key = spaceKeyString(space);
    const existing = channels.get(key);
    if (existing) {
      clearTimeout(existing.dropTimer);
      existing.dropTimer = undefined;
      return existing;
    }
    const channel: Channel = {
      // A number of its own, never given out: every id issued before this channel is below it, so events of
      // the space that nobody numbered while it had no channel can never be skipped by a resume.
      since: next(),
      evicted: 0,
      events: [],
      listeners: new Set(),
      unsubscribe: () => undefined,
      dropTimer: undefined,
    };
    channel.unsubscribe = bus.subscribe(space, (event) => {
      if (!isLiveStreamType(event.type)) return;
      const n = next();
      const numbered = { id: `${epoch}.${n}`, seq: n, event };
      channel.events.push(numbered);
      if (channel.events.length > bufferSize)
        channel.evicted = channel.events.shift()?.seq ?? channel.evicted;
      for (const listener of [...channel.listeners]) listener(numbered);
    });
    channels.set(key, channel);
    return channel;
  }

  function drop(key: string, channel: Channel) {
    if (channel.listeners.size > 0 || channels.get(key) !== channel) return;
    channel.unsubscribe();
    channels.delete(key);
  }

  return {
    /**
     * Starts delivering the space's events to `listener` (from now on) and says whether the client's
     * `lastEventId` can be resumed from here.
     */
    attach(
      space: SpaceKey,
      lastEventId: string | undefined,
      listener: (e: NumberedEvent) => void,
    ): Attachment {
      const key = spaceKeyString(space);
      const channel = channelFor(space);
      channel.listeners.add(listener);
      const m = lastEventId ? ID.exec(lastEventId) : null;
      const last = m && m[1] === epoch ? Number(m[2]) : null;
      const resumable = last !== null && last >= channel.since && last >= channel.evicted && last <= seq;
      const replay = resumable ? channel.events.filter((e) => e.seq > last) : null;
      return {
        replay,
        snapshotId: replay ? null : `${epoch}.${next()}`,
        detach() {
          channel.listeners.delete(listener);
          if (channel.listeners.size > 0 || channel.dropTimer) return;
          channel.dropTimer = setTimeout(() => drop(key, channel), retainMs);
          channel.dropTimer.unref();
        },
      };
    },
    /** Spaces with a buffer (for tests and figures). */
    channelCount: () => channels.size,
    close() {
      for (const [key, channel] of channels) {
        clearTimeout(channel.dropTimer);
        channel.listeners.clear();
        drop(key, channel);
      }
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
