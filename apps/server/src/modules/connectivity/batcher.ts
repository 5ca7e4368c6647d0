export interface BatcherOptions {
  /** Flush as soon as this many items wait (when no flush is running). */
  maxItems: number;
  /** Flush at the latest this long after the first item of a batch arrived. */
  maxDelayMs: number;
}

/**
 * Collects items from many callers and hands them to `flush` together, one flush at a time; each caller's
 * promise settles with the flush that carried its items (resolved once committed, rejected if it failed).
 * Items arriving during a flush form the next batch. Callers wait for their batch, which is what bounds
 * memory: a publisher gets no acknowledgement, and so sends little more, until its values are stored.
 */
export function createBatcher<T>(flush: (items: T[]) => Promise<void>, opts: BatcherOptions) {
  type Waiter = { resolve: () => void; reject: (err: unknown) => void };
  let items: T[] = [];
  let waiters: Waiter[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function schedule() {
    if (running || items.length === 0) return;
    if (items.length >= opts.maxItems) run();
    else timer ??= setTimeout(run, opts.maxDelayMs);
  }

  function run() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (running || items.length === 0) return;
    const batch = items;
    const done = waiters;
    items = [];
    waiters = [];
    running = flush(batch).then(
      () => {
        for (const w of done) w.resolve();
      },
      (err: unknown) => {
        for (const w of done) w.reject(err);
      },
    );
    void running.finally(() => {
      running = null;
      schedule();
    });
  }

  return {
    add(batch: T[]): Promise<void> {
      if (batch.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        items.push(...batch);
        waiters.push({ resolve, reject });
        schedule();
      });
    },

    /** Items waiting for a flush. */
    get pending() {
      return items.length;
    },

    /** Resolves when every item added so far has been flushed (or has failed). */
    async drain(): Promise<void> {
      while (running || items.length > 0) {
        if (!running) run();
        await running;
      }
    },
  };
}
