/** SenML labels in their CBOR integer form (RFC 8428 §6). */
export const LABELS = {
  bver: -1,
  bn: -2,
  bt: -3,
  bu: -4,
  bv: -5,
  bs: -6,
  n: 0,
  u: 1,
  v: 2,
  vs: 3,
  vb: 4,
  s: 5,
  t: 6,
  ut: 7,
  vd: 8,
} as const;

export type Label = keyof typeof LABELS;

const BY_NUMBER = new Map<number, Label>(Object.entries(LABELS).map(([k, v]) => [v, k as Label]));
const BY_NAME = new Map<string, Label>(Object.keys(LABELS).map((k) => [k, k as Label]));

/**
 * The label a map key stands for. Integer keys are the standard; text keys (`"-3"` or `"bt"`) are accepted
 * because JavaScript encoders that start from plain objects can emit them.
 */
export function labelOf(key: unknown): Label | undefined {
  if (typeof key === 'number') return BY_NUMBER.get(key);
  if (typeof key !== 'string') return undefined;
  const named = BY_NAME.get(key);
  if (named) return named;
  return /^-?\d$/.test(key) ? BY_NUMBER.get(Number(key)) : undefined;
}
