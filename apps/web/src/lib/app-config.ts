import { type AppConfig, appConfigSchema } from '@tinkercloud/shared';

declare global {
  interface Window {
    /** Set by /app-config.js, which the server serves before the app's module runs. */
    __APP_CONFIG__?: unknown;
  }
}

/** Parses the server-provided configuration once at boot; a missing or malformed one stops the app. */
export function readAppConfig(source: unknown = window.__APP_CONFIG__): AppConfig {
  const parsed = appConfigSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error('The server did not provide a valid configuration (/app-config.js).');
  }
  return parsed.data;
}

let current: AppConfig | null = null;

/** The configuration, read once; route modules use it for values only known at run time (product slug). */
export function getAppConfig(): AppConfig {
  current ??= readAppConfig();
  return current;
}
