import { describe, expect, it } from 'vitest';
import { isZoomed, MIN_ZOOM_SPAN_MS, panBy, zoomAround } from './plot-zoom.ts';

const window = { from: 0, to: 100_000 };
const whole = { min: 0, max: 100_000 };

describe('zoomAround', () => {
  it('keeps the time under the cursor where it was', () => {
    const zoomed = zoomAround(whole, window, 0.5, 0.25);
    expect(zoomed.max - zoomed.min).toBe(50_000);
    // 25 000 ms sat a quarter across; it still does.
    expect(zoomed.min + 0.25 * (zoomed.max - zoomed.min)).toBe(25_000);
  });

  it('never goes past the window, nor below a second', () => {
    expect(zoomAround({ min: 80_000, max: 100_000 }, window, 10, 1)).toEqual(whole);
    const out = zoomAround({ min: 90_000, max: 100_000 }, window, 2, 0.9);
    expect(out.max).toBe(100_000);
    expect(out.max - out.min).toBe(20_000);
    let tight = whole;
    for (let i = 0; i < 100; i++) tight = zoomAround(tight, window, 0.5, 0.5);
    expect(tight.max - tight.min).toBe(MIN_ZOOM_SPAN_MS);
  });
});

describe('panBy', () => {
  it('moves the range without changing its width, stopping at the window ends', () => {
    const shown = { min: 40_000, max: 60_000 };
    expect(panBy(shown, window, 10_000)).toEqual({ min: 50_000, max: 70_000 });
    expect(panBy(shown, window, -90_000)).toEqual({ min: 0, max: 20_000 });
    expect(panBy(shown, window, 90_000)).toEqual({ min: 80_000, max: 100_000 });
  });
});

describe('isZoomed', () => {
  it('is false on the whole window and true inside it', () => {
    expect(isZoomed(whole, window)).toBe(false);
    expect(isZoomed({ min: 1, max: 50_000 }, window)).toBe(true);
  });
});
