/** Ids in one statement at most: an array parameter of this many stays cheap to build and to plan. */
const MAX_IDS = 1_000;

/**
 * Reads by id asked for in the same turn of the event loop go to the database together, as one statement
 * with an array parameter, rather than one each: a fleet of 10,000 devices connects and sends its first values
 * within seconds, and one read per device, one after another (PGlite has one connection), was most of the
 * server's work then. `readMany` answers the ids it found; an id it leaves out is answered null.
 */
export function coalesceReads<V>(readMany: (ids: string[]) => Promise<Map<string, V>>) {
  type Waiter = { resolve: (value: V | null) => void; reject: (err: unknown) => void };
  let waiting = new Map<string, Waiter[]>();

  function flush() {
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let from = 0; from < ids.length; from += MAX_IDS) {
      const part = ids.slice(from, from + MAX_IDS);
      readMany(part).then(
        (found) => {
          for (const id of part) for (const w of batch.get(id) ?? []) w.resolve(found.get(id) ?? null);
        },
        (err: unknown) => {
          for (const id of part) for (const w of batch.get(id) ?? []) w.reject(err);
        },
      );
    }
  }

  return (id: string): Promise<V | null> =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const waiters = waiting.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(id, [{ resolve, reject }]);
    });
}
