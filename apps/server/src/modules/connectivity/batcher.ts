interface BatcherOptions {
  /** Flush as soon as this many items wait (when no flush is running). */
  maxItems: number;
  /** Flush at the latest this long after the first item of a batch arrived. */
  maxDelayMs: number;
  /**
   * At most this many items go to one flush (one statement); the rest wait for the next. Default 20,000:
   * larger statements hold their locks longer and grow the server's memory without writing faster.
   */
  maxFlush?: number;
  /** Flushes running at once (default 1). Callers still learn of their commits in the order flushes began. */
  concurrency?: number;
}

const DEFAULT_MAX_FLUSH = 20_000;

/**
 * Collects items from many callers and hands them to `flush` together, `concurrency` flushes at a time; each
 * caller's promise settles with the flush that carried its last items (resolved once committed and every
 * earlier flush settled, rejected when a flush carrying any of them failed). Items arriving while the flushes
 * run form the next batch, which starts as soon as one ends (they have waited long enough). Callers wait for their batch, which is what bounds
 * memory: a publisher gets no acknowledgement, and so sends little more, until its values are stored.
 */
export function createBatcher<T>(flush: (items: T[]) => Promise<void>, opts: BatcherOptions) {
  type Waiter = { resolve: () => void; reject: (err: unknown) => void };
  type Entry = { items: T[]; waiter: Waiter };
  const maxFlush = Math.max(1, opts.maxFlush ?? DEFAULT_MAX_FLUSH);
  const queue: Entry[] = [];
  let pending = 0;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  let timer: NodeJS.Timeout | null = null;
  const running = new Set<Promise<void>>();
  /** Settles after every flush begun so far: the next flush's callers are told after these. */
  let previous: Promise<unknown> = Promise.resolve();

  function schedule(afterFlush = false) {
    if (running.size >= concurrency || pending === 0) return;
    if (afterFlush || pending >= opts.maxItems) run();
    else timer ??= setTimeout(run, opts.maxDelayMs);
  }

  /** Takes up to `maxFlush` items off the queue; a caller's items may span two flushes. */
  function take() {
    const batch: T[] = [];
    const carried: { waiter: Waiter; last: boolean }[] = [];
    while (queue.length > 0 && batch.length < maxFlush) {
      const entry = queue[0] as Entry;
      const room = maxFlush - batch.length;
      if (entry.items.length <= room) {
        queue.shift();
        for (const item of entry.items) batch.push(item);
        carried.push({ waiter: entry.waiter, last: true });
      } else {
        for (const item of entry.items.slice(0, room)) batch.push(item);
        entry.items = entry.items.slice(room);
        carried.push({ waiter: entry.waiter, last: false });
      }
    }
    pending -= batch.length;
    return { batch, carried };
  }

  function run() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (running.size >= concurrency || pending === 0) return;
    const { batch, carried } = take();
    const flushed = flush(batch);
    const before = previous;
    // Callers hear of their commit in the order flushes began, so values are announced in arrival order.
    const told = flushed.then(
      async () => {
        await before;
        for (const c of carried) if (c.last) c.waiter.resolve();
      },
      async (err: unknown) => {
        await before;
        // A caller whose later items are still queued learns now; resolving it later changes nothing.
        for (const c of carried) c.waiter.reject(err);
      },
    );
    previous = told;
    const slot = flushed.then(
      () => undefined,
      () => undefined,
    );
    running.add(slot);
    void slot.then(() => {
      running.delete(slot);
      schedule(true);
    });
    // Another flush may start at once when more is waiting than this one took.
    schedule();
  }

  return {
    add(batch: T[]): Promise<void> {
      if (batch.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        queue.push({ items: batch, waiter: { resolve, reject } });
        pending += batch.length;
        schedule();
      });
    },

    /** Items waiting for a flush. */
    get pending() {
      return pending;
    },

    /** Resolves when every item added so far has been flushed (or has failed). */
    async drain(): Promise<void> {
      while (running.size > 0 || pending > 0) {
        if (running.size < concurrency) run();
        await Promise.race(running);
      }
      await previous;
    },
  };
}
