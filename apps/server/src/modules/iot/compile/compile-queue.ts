/**
 * The compile queue of this process: first in, first out, at most `concurrency` jobs at once and one per
 * user (a user's next job waits for their running one, while other users' jobs behind it may start). It is
 * per process: jobs are run by the process that took the request; their state is in the database, so any
 * process answers a status read.
 */
export interface QueuedJob {
  id: string;
  userId: string;
  run: () => Promise<void>;
}

export function createCompileQueue(opts: {
  concurrency: number;
  /** Told the waiting jobs' positions (jobs ahead of each) whenever the queue moves. */
  moved?: (positions: { id: string; position: number }[]) => void;
}) {
  const waiting: QueuedJob[] = [];
  const runningUsers = new Set<string>();
  const running = new Set<Promise<void>>();
  let closed = false;

  function announce() {
    opts.moved?.(waiting.map((j, position) => ({ id: j.id, position })));
  }

  function pump() {
    let started = false;
    while (!closed && running.size < opts.concurrency) {
      const index = waiting.findIndex((j) => !runningUsers.has(j.userId));
      if (index < 0) break;
      const [job] = waiting.splice(index, 1) as [QueuedJob];
      started = true;
      runningUsers.add(job.userId);
      const p: Promise<void> = job
        .run()
        .catch(() => {
          // run() records its own failures; the queue only moves on.
        })
        .finally(() => {
          runningUsers.delete(job.userId);
          running.delete(p);
          pump();
        });
      running.add(p);
    }
    if (started) announce();
  }

  return {
    /** Adds a job; answers its position (jobs ahead of it), or undefined when it started at once. */
    add(job: QueuedJob): number | undefined {
      waiting.push(job);
      pump();
      const index = waiting.indexOf(job);
      return index < 0 ? undefined : index;
    },
    /** Whether the job is still waiting here. */
    isWaiting: (id: string) => waiting.some((j) => j.id === id),
    position: (id: string) => {
      const i = waiting.findIndex((j) => j.id === id);
      return i < 0 ? undefined : i;
    },
    /** Stops starting jobs and waits for the running ones; waiting jobs are handed back. */
    async close(): Promise<QueuedJob[]> {
      closed = true;
      await Promise.all(running);
      return waiting.splice(0);
    },
  };
}
export type CompileQueue = ReturnType<typeof createCompileQueue>;
