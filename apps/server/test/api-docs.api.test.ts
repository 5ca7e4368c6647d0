import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the browsable API page', () => {
  it('is served with our CSP, which does not force https on a plain-http deployment', async () => {
    for (const url of ['/api-docs/', '/api-docs/static/swagger-initializer.js']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });
});
