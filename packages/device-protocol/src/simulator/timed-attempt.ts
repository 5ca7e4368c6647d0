/**
 * Retry timing of the library (Arduino_CloudUtils TimedAttempt): each retry doubles the wait from `min`,
 * capped at `max`, and never shortens it.
 */
export class TimedAttempt {
  count = 0;
  delayMs = 0;

  constructor(
    private minMs: number,
    private maxMs: number,
  ) {}

  begin(minMs: number, maxMs = minMs) {
    this.count = 0;
    this.delayMs = 0;
    this.minMs = minMs;
    this.maxMs = maxMs;
  }

  reconfigure(minMs: number, maxMs: number) {
    this.minMs = minMs;
    this.maxMs = maxMs;
    return this.reload();
  }

  retry() {
    this.count++;
    return this.reload();
  }

  private reload() {
    const delay = 2 ** Math.min(this.count, 31) * this.minMs;
    this.delayMs = delay > this.delayMs ? Math.min(delay, this.maxMs) : this.maxMs;
    return this.delayMs;
  }
}
