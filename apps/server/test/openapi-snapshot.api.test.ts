import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

/**
 * The committed /openapi.json. Moving a route schema (e.g. into packages/shared) must not change the document
 * clients are generated from; a change that does shows here as a diff. After an intended API change, refresh
 * it with `UPDATE_OPENAPI=1 npx vitest run --project api test/openapi-snapshot.api.test.ts` and review the diff.
 */
const snapshot = new URL('./openapi.snapshot.json', import.meta.url);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('/openapi.json', () => {
  it('is byte for byte the committed document', async () => {
    const res = await t.app.inject('/openapi.json');
    expect(res.statusCode).toBe(200);
    const actual = `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI) writeFileSync(snapshot, actual);
    expect(actual).toBe(readFileSync(snapshot, 'utf8'));
  });
});
