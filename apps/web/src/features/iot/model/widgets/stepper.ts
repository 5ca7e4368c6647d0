/** A stepper's step from its options: 1 unless the maker set a positive one. */
export function stepOf(options: Record<string, unknown> | undefined): number {
  const step = options?.step;
  return typeof step === 'number' && Number.isFinite(step) && step > 0 ? step : 1;
}

/**
 * The value one step up (+1) or down (-1) from the current one, kept in the range; a variable without a
 * number yet starts from the minimum. Float steps are rounded to the step's decimals, so 0.1 + 0.2 is 0.3.
 */
export function stepValue(
  current: unknown,
  direction: 1 | -1,
  step: number,
  { min, max }: { min: number; max: number },
): number {
  const from = typeof current === 'number' && Number.isFinite(current) ? current : min;
  const decimals = (String(step).split('.')[1] ?? '').length;
  const next = Number((from + direction * step).toFixed(decimals));
  return Math.min(max, Math.max(min, next));
}
