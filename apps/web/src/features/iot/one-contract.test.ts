import { describe, expect, it } from 'vitest';

/**
 * One contract: the shapes of the IoT API's answers live in @tinkercloud/shared (`packages/shared/src/iot/`),
 * where the server answers with them and the web reads with their readers. A zod object written in the
 * web's IoT features would be a second copy that drifts from the server's, so none may exist.
 */

// Every source file of the features that read the IoT API (tests and test doubles aside), as text.
const sources = import.meta.glob<string>(
  [
    '/src/features/{iot,devices,things,dashboards,triggers,home,api-keys,integrations}/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
    '!**/testing/**',
  ],
  { query: '?raw', import: 'default', eager: true },
);

const SHAPE = /\bz\s*\.\s*(object|looseObject|strictObject|discriminatedUnion)\s*\(/;

describe('one contract for the IoT API', () => {
  it('finds the sources it guards', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(40);
    expect(Object.keys(sources)).toContain('/src/features/iot/api/schemas.ts');
    // The check itself: a shape written in place is caught.
    expect(SHAPE.test('const x = z.looseObject({ id: z.string() });')).toBe(true);
  });

  it('has no zod object of its own in the IoT features: they read with the shared readers', () => {
    const ownShapes = Object.entries(sources)
      .filter(([, text]) => SHAPE.test(text))
      .map(([path]) => path);
    expect(ownShapes).toEqual([]);
  });
});
