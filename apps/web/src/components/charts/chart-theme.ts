/**
 * The chart's colours come from the page's CSS custom properties, so the canvas follows the light and dark
 * themes like the rest of the page. A custom property's computed value is its unresolved text (it may be a
 * `light-dark()` pair), which a canvas cannot use: each colour is resolved by giving it to a probe element's
 * `color` and reading the computed `rgb()` back.
 */

/** The series palette, in order; each entry falls back to a fixed colour when the token is missing. */
export const SERIES_COLOUR_VARS = [
  '--chart-1',
  '--chart-2',
  '--chart-3',
  '--chart-4',
  '--chart-5',
  '--chart-6',
];
const SERIES_FALLBACKS = ['#0f766e', '#2f6fd6', '#e0661b', '#c0392b', '#d68a00', '#5d6779'];

export interface ChartColours {
  text: string;
  grid: string;
  series: string[];
}

function resolve(host: HTMLElement, cssVar: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  probe.style.color = `var(${cssVar}, ${fallback})`;
  host.appendChild(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  // An engine that does not resolve var() (jsdom) hands the text back: the fallback is the better guess.
  return colour && !colour.startsWith('var(') ? colour : fallback;
}

export function readChartColours(host: HTMLElement): ChartColours {
  return {
    text: resolve(host, '--color-muted', '#5d6779'),
    grid: resolve(host, '--color-border', '#e1e5eb'),
    series: SERIES_COLOUR_VARS.map((v, i) => resolve(host, v, SERIES_FALLBACKS[i] as string)),
  };
}

/** The colour of the series at `index`: the palette repeats past its end. */
export const seriesColour = (colours: ChartColours, index: number) =>
  colours.series[index % colours.series.length] as string;

/**
 * Calls `onChange` when the theme may have changed: the system's colour scheme, or an attribute on <html>
 * (a theme switch sets one, such as `data-theme` or a class).
 */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'class', 'style'],
  });
  const scheme =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  scheme?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    scheme?.removeEventListener('change', onChange);
  };
}
