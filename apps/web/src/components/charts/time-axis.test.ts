import { describe, expect, it } from 'vitest';
import { formatTimeTick } from './chart-format.ts';
import { LABEL_GAP_PX, labelWidthMeter, TIME_INCRS, timeTickSpacing } from './time-axis.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** About 7 px a character, as a 12 px font prints digits. */
const measure = (text: string) => text.length * 7;
const width = labelWidthMeter(measure);

describe('timeTickSpacing', () => {
  const spans = { live: 5 * MINUTE, hour: 60 * MINUTE, day: DAY, week: 7 * DAY, fortnight: 15 * DAY };

  it('keeps every label apart from the next at any width from a phone to a wide screen', () => {
    for (const span of Object.values(spans)) {
      for (let plotWidth = 120; plotWidth <= 1600; plotWidth += 40) {
        const { stepMs, spacePx } = timeTickSpacing(span, plotWidth, width);
        expect(spacePx).toBeCloseTo((stepMs / span) * plotWidth);
        expect(spacePx).toBeGreaterThanOrEqual(width(stepMs) + LABEL_GAP_PX);
      }
    }
  });

  it('takes the densest step that fits: more ticks on a wider plot, fewer on a narrow one', () => {
    const narrow = timeTickSpacing(spans.live, 300, width);
    const wide = timeTickSpacing(spans.live, 1300, width);
    expect(wide.stepMs).toBeLessThan(narrow.stepMs);
    // The step just below the chosen one would not have fitted.
    const below = TIME_INCRS[TIME_INCRS.indexOf(narrow.stepMs) - 1] as number;
    expect((below / spans.live) * 300).toBeLessThan(width(below) + LABEL_GAP_PX);
  });

  it('widens the step for a longer label: a locale printing "10:58:58 PM" gets fewer ticks than "22:58:58"', () => {
    const short = timeTickSpacing(spans.live, 360, () => 50);
    const long = timeTickSpacing(spans.live, 360, () => 80);
    expect(long.stepMs).toBeGreaterThan(short.stepMs);
  });

  it('falls back to the largest step on a plot too small for any label', () => {
    expect(timeTickSpacing(spans.fortnight, 1, width).stepMs).toBe(TIME_INCRS.at(-1));
    expect(timeTickSpacing(0, 400, width).stepMs).toBe(TIME_INCRS.at(-1));
  });
});

describe('labelWidthMeter', () => {
  it('measures the widest label the step prints, once per label format', () => {
    const measured: string[] = [];
    const meter = labelWidthMeter((text) => {
      measured.push(text);
      return text.length;
    });
    const seconds = meter(5000);
    expect(seconds).toBe(Math.max(...measured.map((t) => t.length)));
    expect(measured).toContain(formatTimeTick(new Date(2000, 11, 28, 22, 58, 58).getTime(), 5000));
    const count = measured.length;
    expect(meter(10_000)).toBe(seconds);
    expect(measured).toHaveLength(count);
    meter(DAY);
    expect(measured.length).toBeGreaterThan(count);
  });
});
