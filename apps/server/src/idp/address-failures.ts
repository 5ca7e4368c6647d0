/** Addresses tracked at most; past this, expired windows go first, then everything (a flood of addresses). */
const MAX_ADDRESSES = 100_000;

/**
 * Failed sign-ins per client address, across every login: a window of `windowMs` starts at an address's first
 * failure; at `max` failures the address is refused until the window ends. Only failures count, so a classroom
 * signing in behind one address is not stopped by its own successful sign-ins. In this process, like the
 * other limits (`http/rate-limits.ts`).
 */
export function createAddressFailures(opts: { max: number; windowMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { failures: number; endsAt: number }>();

  function current(address: string, at: number) {
    const w = windows.get(address);
    if (w && w.endsAt <= at) {
      windows.delete(address);
      return undefined;
    }
    return w;
  }

  return {
    /** Milliseconds until `address` may try again; 0 when it may now. */
    blockedFor(address: string): number {
      const at = now();
      const w = current(address, at);
      return w && w.failures >= opts.max ? w.endsAt - at : 0;
    },

    failed(address: string): void {
      const at = now();
      const w = current(address, at);
      if (w) {
        w.failures += 1;
        return;
      }
      if (windows.size >= MAX_ADDRESSES) {
        for (const [key, value] of windows) if (value.endsAt <= at) windows.delete(key);
        if (windows.size >= MAX_ADDRESSES) windows.clear();
      }
      windows.set(address, { failures: 1, endsAt: at + opts.windowMs });
    },
  };
}
