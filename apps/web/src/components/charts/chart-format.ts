/** Texts of the chart: numbers, axis ticks and the cursor's time, in the browser's locale and time zone. */

/** Seven significant digits keep sensor noise and float artefacts (0.1 + 0.2) out of the labels. */
export function formatChartNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(7)));
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const seconds = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const minutes = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const days = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export type TimeTickFormat = 'seconds' | 'minutes' | 'days';

/** How precise a tick label must be for the distance between ticks. */
export function timeTickFormatOf(stepMs: number): TimeTickFormat {
  if (stepMs < MINUTE) return 'seconds';
  if (stepMs < DAY) return 'minutes';
  return 'days';
}

const tickFormats: Record<TimeTickFormat, Intl.DateTimeFormat> = { seconds, minutes, days };

/** A tick label: as precise as the distance between ticks needs (seconds, minutes or days). */
export function formatTimeTick(t: number, stepMs: number): string {
  return tickFormats[timeTickFormatOf(stepMs)].format(t);
}

/** The time under the cursor, in full. */
export function formatCursorTime(t: number): string {
  return full.format(t);
}
