// Waiting for a bench child process's answer over IPC (the server and client children of bench:fleet,
// bench:ingest and bench:export all answer with messages of a `kind`).
import type { ChildProcess } from 'node:child_process';

type Kinded = { kind: string };

/**
 * Sends `send` (if given) and resolves with the child's next message of `kind`. Rejects when the child exits
 * first, or sends `{ kind: 'error', message }`; `exited` says what to add to the exit's error.
 */
export function nextMessage<M extends Kinded, K extends M['kind']>(
  child: ChildProcess,
  kind: K,
  opts: { send?: unknown; exited?: string } = {},
): Promise<Extract<M, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const exit = (code: number | null) =>
      reject(new Error(`a bench child exited (${code})${opts.exited ? `; ${opts.exited}` : ''}`));
    const on = (m: M) => {
      if (m.kind === 'error') reject(new Error((m as M & { message?: string }).message ?? 'error'));
      if (m.kind !== kind) return;
      child.off('message', on);
      child.off('exit', exit);
      resolve(m as Extract<M, { kind: K }>);
    };
    child.on('message', on);
    child.once('exit', exit);
    if (opts.send !== undefined) child.send(opts.send as object);
  });
}
