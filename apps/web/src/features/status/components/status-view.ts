import type { StatusFeed, StatusIndicator } from '@tinkercloud/shared';

export type StatusTone = 'ok' | 'minor' | 'maintenance' | 'major' | 'critical' | 'neutral';

const TONES: Record<StatusIndicator, StatusTone> = {
  none: 'ok',
  minor: 'minor',
  maintenance: 'maintenance',
  major: 'major',
  critical: 'critical',
};

/** Colour follows the indicator; a failed fetch shows a neutral state (spec 4.4). */
export function statusView(
  feed: StatusFeed | undefined,
  failed: boolean,
): { tone: StatusTone; text: string } {
  if (failed) return { tone: 'neutral', text: 'Unable to obtain status' };
  if (!feed) return { tone: 'neutral', text: 'Checking status…' };
  return { tone: TONES[feed.status.indicator], text: feed.status.description };
}
