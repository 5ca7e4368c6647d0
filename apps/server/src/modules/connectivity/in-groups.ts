/**
 * `items` in consecutive groups of at most `size` (the last may be smaller): periodic fleet work goes to
 * PGlite a group per statement, so values queued meanwhile wait behind one group, not the whole fleet.
 */
export function* inGroups<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let from = 0; from < items.length; from += size) yield items.slice(from, from + size);
}
