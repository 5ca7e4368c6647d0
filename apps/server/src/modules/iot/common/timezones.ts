/** The canonical IANA name of a time zone, or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const DEFAULT_TIMEZONE = 'America/New_York';
