import { ConfigError, loadConfig } from '../src/config.ts';

/** What `loadConfig` finds wrong with `env` (none: it loads), for the tests of each group of settings. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}
