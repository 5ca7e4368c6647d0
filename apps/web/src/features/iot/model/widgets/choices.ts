import { propertyKindOf } from '@tinkercloud/shared/iot';

/** One preset a value selector or dropdown offers: a label, and the value it publishes. */
export interface Choice {
  label: string;
  value: string | number | boolean;
}

/** How many presets a widget may carry (a selector's buttons must still fit its card). */
export const MAX_CHOICES = 20;

/** The value a preset's text stands for in a variable of this type; null when it cannot be one. */
export function choiceValue(text: string, type: string): Choice['value'] | null {
  const kind = propertyKindOf(type);
  const t = text.trim();
  if (kind === 'string') return text.trim();
  if (kind === 'boolean') return t === 'true' ? true : t === 'false' ? false : null;
  if (kind === 'integer' || kind === 'number') {
    const n = Number(t);
    if (t === '' || !Number.isFinite(n)) return null;
    return kind === 'integer' ? Math.trunc(n) : n;
  }
  return null;
}

export type ParsedChoices = { ok: true; choices: Choice[] } | { ok: false; error: string };

/**
 * The presets the maker typed, one a line as `label = value` (or just a value, which is its own label),
 * checked against the variable's type. Blank lines are skipped.
 */
export function parseChoices(text: string, type: string | undefined): ParsedChoices {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return { ok: false, error: 'Enter at least one choice.' };
  if (lines.length > MAX_CHOICES) return { ok: false, error: `Enter at most ${MAX_CHOICES} choices.` };
  const choices: Choice[] = [];
  for (const line of lines) {
    const split = line.lastIndexOf('=');
    const label = (split >= 0 ? line.slice(0, split) : line).trim();
    const raw = split >= 0 ? line.slice(split + 1) : line;
    const value = type === undefined ? raw.trim() : choiceValue(raw, type);
    if (value === null || label === '')
      return { ok: false, error: `"${line}" is not a value of the linked variable.` };
    choices.push({ label, value });
  }
  return { ok: true, choices };
}

/** The presets as the dialog shows them again. */
export function formatChoices(choices: readonly Choice[]): string {
  return choices.map((c) => (String(c.value) === c.label ? c.label : `${c.label} = ${c.value}`)).join('\n');
}

/** The presets stored in a widget's options (anything malformed is left out). */
export function choicesOf(options: Record<string, unknown> | undefined): Choice[] {
  const list = options?.choices;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    if (!c || typeof c !== 'object') return [];
    const { label, value } = c as Record<string, unknown>;
    if (typeof label !== 'string') return [];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return [];
    return [{ label, value }];
  });
}

/** The preset that holds the current value, if any. */
export function selectedChoice(choices: readonly Choice[], value: unknown): number {
  return choices.findIndex((c) => c.value === value);
}
