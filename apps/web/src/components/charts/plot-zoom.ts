/**
 * Wheel zoom and drag pan: the range arithmetic (pure, tested directly) and a uPlot plugin that wires it to
 * the plot. A zoom never leaves the chart's window, so "Reset zoom" always has a whole window to go back to.
 */
import type uPlot from 'uplot';
import type { ChartWindow } from './chart-data.ts';

export interface XRange {
  min: number;
  max: number;
}

/** The narrowest zoom, ms: below a second the time labels cannot tell ticks apart. */
export const MIN_ZOOM_SPAN_MS = 1000;
/** One wheel notch (or key press) shows this share of the range; zooming out divides by it. */
export const ZOOM_STEP = 0.8;

/** Moves a range inside the window without changing its width (narrowed to the window if wider). */
function inside(range: XRange, window: ChartWindow): XRange {
  const span = Math.min(range.max - range.min, window.to - window.from);
  const min = Math.min(Math.max(range.min, window.from), window.to - span);
  return { min, max: min + span };
}

/**
 * The range after zooming by `factor` (below 1 zooms in) around `anchor`, the cursor's place across the plot
 * from 0 (left) to 1 (right): the time under the cursor stays under it.
 */
export function zoomAround(shown: XRange, window: ChartWindow, factor: number, anchor: number): XRange {
  const full = window.to - window.from;
  const span = shown.max - shown.min;
  const next = Math.min(full, Math.max(Math.min(MIN_ZOOM_SPAN_MS, full), span * factor));
  const at = Math.min(Math.max(anchor, 0), 1);
  const pivot = shown.min + at * span;
  return inside({ min: pivot - at * next, max: pivot - at * next + next }, window);
}

/** The range moved by `deltaMs` (positive: later), stopping at the window's ends. */
export function panBy(shown: XRange, window: ChartWindow, deltaMs: number): XRange {
  return inside({ min: shown.min + deltaMs, max: shown.max + deltaMs }, window);
}

/** True when the range is narrower than the window: there is something to pan to. */
export const isZoomed = (shown: XRange, window: ChartWindow) =>
  shown.max - shown.min < window.to - window.from - 1;

/**
 * The plugin: the wheel zooms around the cursor; when zoomed, a drag pans (a drag on the whole window still
 * selects a period to zoom to, uPlot's own gesture). A wheel that cannot zoom out further scrolls the page.
 */
export function zoomPlugin(getWindow: () => ChartWindow): uPlot.Plugin {
  const shownOf = (u: uPlot): XRange => ({ min: u.scales.x?.min ?? 0, max: u.scales.x?.max ?? 0 });
  return {
    hooks: {
      ready: (u) => {
        const over = u.over;
        over.addEventListener(
          'wheel',
          (event) => {
            const window = getWindow();
            const shown = shownOf(u);
            const factor = event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
            if (factor > 1 && !isZoomed(shown, window)) return;
            event.preventDefault();
            const rect = over.getBoundingClientRect();
            const anchor = rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0.5;
            u.setScale('x', zoomAround(shown, window, factor, anchor));
          },
          { passive: false },
        );
        // Captured on the root, so uPlot's own drag-to-select on the overlay never starts while panning.
        u.root.addEventListener(
          'mousedown',
          (event) => {
            const window = getWindow();
            const start = shownOf(u);
            if (event.button !== 0 || event.target !== over || !isZoomed(start, window)) return;
            event.stopPropagation();
            event.preventDefault();
            const width = over.getBoundingClientRect().width || 1;
            const msPerPx = (start.max - start.min) / width;
            u.root.classList.add('chart-panning');
            const move = (e: MouseEvent) =>
              u.setScale('x', panBy(start, getWindow(), -(e.clientX - event.clientX) * msPerPx));
            const up = () => {
              u.root.classList.remove('chart-panning');
              document.removeEventListener('mousemove', move);
              document.removeEventListener('mouseup', up);
            };
            document.addEventListener('mousemove', move);
            document.addEventListener('mouseup', up);
          },
          true,
        );
      },
      setScale: (u, key) => {
        if (key === 'x') u.root.classList.toggle('chart-zoomed', isZoomed(shownOf(u), getWindow()));
      },
    },
  };
}
