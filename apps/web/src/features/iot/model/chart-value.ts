/**
 * A value as a chart point, or null when it is not a finite number or a boolean. Apart from value-kind.ts:
 * the live updates of every page use it, and they must not pull the property-type catalogue into the first
 * page.
 */
export function chartValue(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
