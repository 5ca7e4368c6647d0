/** Keys one read carries at most; the rest wait for the next. */
const DEFAULT_MAX_KEYS = 1_000;

/**
 * Reads by key asked for at the same moment, answered by one read of them all (`readMany`: one statement with
 * an array parameter). PGlite runs one query at a time, and a fleet logs in by the hundred: one query per
 * login would queue them all behind each other. The first key waits `waitMs` (without one, a turn of the event
 * loop) for others; keys asked while a read runs form the next read, which starts when it ends. A key only
 * ever joins a read that has not started, so its answer is as fresh as a read of its own. A failed read fails
 * all it carried.
 */
export function coalesceReads<V>(
  readMany: (keys: string[]) => Promise<Map<string, V>>,
  opts: { maxKeys?: number; waitMs?: number } = {},
): (key: string) => Promise<V | undefined> {
  const maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
  const waitMs = opts.waitMs ?? 0;
  type Waiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  const waiting = new Map<string, Waiter[]>();
  let reading = false;

  async function readWaiting() {
    while (waiting.size > 0) {
      const keys = [...waiting.keys()].slice(0, maxKeys);
      const waiters = keys.map((key) => waiting.get(key) as Waiter[]);
      for (const key of keys) waiting.delete(key);
      try {
        const found = await readMany(keys);
        keys.forEach((key, i) => {
          for (const w of waiters[i] as Waiter[]) w.resolve(found.get(key));
        });
      } catch (err) {
        for (const list of waiters) for (const w of list) w.reject(err);
      }
    }
    reading = false;
  }

  return (key) =>
    new Promise((resolve, reject) => {
      const list = waiting.get(key);
      if (list) list.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!reading) {
        reading = true;
        if (waitMs > 0) setTimeout(() => void readWaiting(), waitMs);
        else setImmediate(() => void readWaiting());
      }
    });
}
