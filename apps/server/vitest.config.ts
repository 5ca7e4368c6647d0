import { defineConfig } from 'vitest/config';

// unit: pure code, no database. api: through buildApp() against a real database — PGlite by default,
// the PostgreSQL server when DATABASE_URL is set (npm run test:api runs both).
export default defineConfig({
  test: {
    // A value that goes through the broker or the database may take seconds on a busy machine: expect.poll
    // waits this long unless a test says otherwise (the default, 1 s, is a speed test).
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
          sequence: { groupOrder: 0 },
          // Some start a broker of their own (Aedes, Mosquitto): on a busy machine that can take seconds.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
          // Each file opens its own database; two cores, so keep the parallelism low.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // Generous: some tests open a second database mid-test, and CI machines can be busy.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
