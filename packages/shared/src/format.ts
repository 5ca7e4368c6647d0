/** Small display helpers the spec fixes (section 5). */

/** Adds an `s` unless the count is exactly 1: `plural('device', 0)` → `devices`. */
export function plural(word: string, count: number): string {
  return count === 1 ? word : `${word}s`;
}

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** 1024-based sizes with at most `decimals` decimals and trailing zeros dropped: 1536 → `1.5 KB`. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** exponent).toFixed(Math.max(0, decimals)));
  return `${value} ${BYTE_UNITS[exponent]}`;
}

/**
 * First letters of up to two words, or the first two letters of a single word, upper-cased.
 * `Array.from` keeps letters outside the basic plane (emoji, some scripts) whole.
 */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (first === undefined) return '';
  const letters =
    second === undefined
      ? Array.from(first).slice(0, 2)
      : [Array.from(first)[0] ?? '', Array.from(second)[0] ?? ''];
  return letters.join('').toUpperCase();
}
