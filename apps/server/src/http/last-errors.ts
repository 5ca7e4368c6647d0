/** One server error as the operator's health page lists it. */
export interface RecordedError {
  at: string;
  message: string;
  /** The method and route pattern (`GET /iot/v2/things/:id`), not the URL: ids and queries stay out. */
  route?: string;
}

/** How many errors the ring keeps. */
export const LAST_ERRORS_KEPT = 20;

/**
 * The last server errors (5xx) this process answered, newest first, for `GET /admin/v1/health`: a bounded
 * ring in memory, so a flood of failures costs nothing more and nothing is kept across a restart (the log
 * has the whole story; this says at a glance whether something is failing now).
 */
export function createLastErrors(size = LAST_ERRORS_KEPT) {
  const ring: RecordedError[] = [];
  let next = 0;
  return {
    record(entry: RecordedError) {
      if (ring.length < size) ring.push(entry);
      else ring[next] = entry;
      next = (next + 1) % size;
    },
    /** Newest first. */
    list(): RecordedError[] {
      if (ring.length < size) return [...ring].reverse();
      return [...ring.slice(next), ...ring.slice(0, next)].reverse();
    },
  };
}
export type LastErrors = ReturnType<typeof createLastErrors>;
