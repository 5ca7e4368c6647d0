// Memory and CPU of another process, read from /proc (Linux): what `npm run bench:fleet` reports for the
// server and the broker, so the clients' own work (in the bench's process) does not count.
import { readFileSync, writeFileSync } from 'node:fs';

const TICKS_PER_S = 100;

export interface ProcessSample {
  /** Resident memory now and its peak since the last `resetPeak`, bytes. */
  rss: number;
  peakRss: number;
  /** User + system CPU time so far, seconds. */
  cpuS: number;
}

export function sampleProcess(pid: number): ProcessSample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuS = (Number(rest[11]) + Number(rest[12])) / TICKS_PER_S;
    return { rss: kb('VmRSS'), peakRss: kb('VmHWM'), cpuS };
  } catch {
    return null;
  }
}

/** Starts the peak (VmHWM) over from the current RSS, so set-up work before a phase does not count. */
export function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak then counts from the process's start (printed as such by the samples).
  }
}

/** Samples a process every `everyMs`; `peak` is the highest RSS seen (or VmHWM, when higher). */
export function watchProcess(pid: number, everyMs = 500) {
  let peak = 0;
  const take = () => {
    const s = sampleProcess(pid);
    if (s) peak = Math.max(peak, s.rss, s.peakRss);
    return s;
  };
  const timer = setInterval(take, everyMs);
  return {
    pid,
    take,
    /** Clears both the kernel's peak and ours. */
    resetPeak() {
      resetPeak(pid);
      peak = sampleProcess(pid)?.rss ?? 0;
    },
    get peak() {
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}
export type ProcessWatch = ReturnType<typeof watchProcess>;
