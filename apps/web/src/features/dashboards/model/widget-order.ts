/** Widgets in reading order of the desktop layout: row by row (y), left to right (x) within a row. */
export function inLayoutOrder<W extends { x: number; y: number }>(widgets: readonly W[]): W[] {
  return [...widgets].sort((a, b) => a.y - b.y || a.x - b.x);
}
