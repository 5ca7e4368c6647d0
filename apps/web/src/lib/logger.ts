/**
 * The app's console logger. What it prints is set by the locally persisted feature flag
 * `logger-print-level` (spec section 3): 0 Verbose, 1 Info, 2 Warning, 3 Error, 4 Disabled; default 3.
 */
export const LOG_LEVEL_KEY = 'logger-print-level';
export const DEFAULT_LOG_LEVEL = 3;
const LEVELS = { debug: 0, info: 1, warn: 2, error: 3 } as const;
type Level = keyof typeof LEVELS;

export function readLogLevel(storage?: Storage): number {
  try {
    const raw = (storage ?? window.localStorage).getItem(LOG_LEVEL_KEY);
    const n = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(n) && n >= 0 && n <= 4 ? n : DEFAULT_LOG_LEVEL;
  } catch {
    return DEFAULT_LOG_LEVEL;
  }
}

export function createLogger(level: () => number = () => readLogLevel(), sink: Console = console) {
  const at =
    (name: Level) =>
    (...args: unknown[]) => {
      if (LEVELS[name] >= level()) sink[name](...args);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const logger = createLogger();
