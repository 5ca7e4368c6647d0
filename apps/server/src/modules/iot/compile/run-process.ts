import { spawn } from 'node:child_process';

export interface ProcessResult {
  /** Exit code; null when killed. */
  code: number | null;
  timedOut: boolean;
  /** Stopped by `signal` (the server is closing). */
  aborted: boolean;
  /** stdout and stderr as they came, at most `maxBytes` of it. */
  output: string;
  /** True when the process printed more than `maxBytes` (the rest was dropped). */
  cut: boolean;
}

/**
 * Runs a command in a process group of its own, collecting at most `maxBytes` of its output. Past
 * `timeoutMs` the whole group is killed (SIGKILL: a compiler stuck in a loop gets no say), as it is when the
 * process prints past its limit times four (it gains nothing by going on).
 */
export function runProcess(opts: {
  command: string;
  args: string[];
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(opts.command, opts.args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {},
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let seen = 0;
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, opts.timeoutMs);
    const abort = () => killGroup();
    opts.signal?.addEventListener('abort', abort, { once: true });
    const take = (chunk: Buffer) => {
      seen += chunk.length;
      if (bytes < opts.maxBytes) {
        const part = chunk.subarray(0, opts.maxBytes - bytes);
        chunks.push(part);
        bytes += part.length;
      }
      if (seen > opts.maxBytes * 4) killGroup();
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let settled = false;
    const done = (code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', abort);
      const aborted = opts.signal?.aborted ?? false;
      resolve({
        code,
        timedOut,
        aborted,
        output: Buffer.concat(chunks).toString('utf8'),
        cut: seen > opts.maxBytes,
      });
    };
    child.on('error', (e) => {
      chunks.push(Buffer.from(`${e.message}\n`));
      done(null);
    });
    child.on('close', (code) => done(code));
  });
}
