import type { GraphRange } from '@tinkercloud/shared';

/** About this many buckets per chart: enough detail for a page-wide line, few enough to stay light. */
export const TARGET_BUCKETS = 500;
/** Live mode starts from the raw values of this last stretch and then slides along with new values. */
export const LIVE_WINDOW_MS = 5 * 60_000;

const SPAN_MS: Record<Exclude<GraphRange, 'LIVE'>, number> = {
  '15D': 15 * 86_400_000,
  '7D': 7 * 86_400_000,
  '1D': 86_400_000,
  '1H': 3_600_000,
};

export interface GraphWindow {
  from: Date;
  to: Date;
  /** Bucket width in whole seconds, or null for raw values (Live). */
  intervalS: number | null;
}

export function graphWindow(range: GraphRange, now: number): GraphWindow {
  if (range === 'LIVE') return { from: new Date(now - LIVE_WINDOW_MS), to: new Date(now), intervalS: null };
  const span = SPAN_MS[range];
  return {
    from: new Date(now - span),
    to: new Date(now),
    intervalS: Math.max(1, Math.ceil(span / 1000 / TARGET_BUCKETS)),
  };
}

/** A window the user chose: read in buckets sized like the fixed ranges' (about TARGET_BUCKETS of them). */
export function customWindow(window: { from: number; to: number }): GraphWindow {
  const span = Math.max(1000, window.to - window.from);
  return {
    from: new Date(window.from),
    to: new Date(window.to),
    intervalS: Math.min(86_400, Math.max(1, Math.ceil(span / 1000 / TARGET_BUCKETS))),
  };
}
