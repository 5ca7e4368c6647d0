import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIGN_IN_CALLBACK_PATH } from '@tinkercloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A stand-in build output: the serving rules are what is under test, not the web app.
  dist = mkdtempSync(path.join(tmpdir(), 'tc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'signin-callback.html'), '<!doctype html><title>signing in</title>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'sw.js'), '/* shell 0123 */');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('serves index.html for page routes (history fallback), never cached', async () => {
    for (const url of ['/', '/devices/', '/devices/123/networkconfig/', '/anything/unknown?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets forever', async () => {
    const res = await t.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not cache unhashed files', async () => {
    const res = await t.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker as JavaScript that the browser asks for again each time', async () => {
    const res = await t.app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest with its content type, the deployment name and installable fields', async () => {
    const res = await t.app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Tinkercloud',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('lets only our own origin frame the sign-in callback page (the session check), no other page', async () => {
    const callback = await t.app.inject(SIGN_IN_CALLBACK_PATH);
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(callback.headers['content-security-policy']).toContain("default-src 'self'");
    expect(callback.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const url of ['/', '/favicon.svg', '/assets/index-abc123.js']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('answers a missing asset or API path with 404, not the app', async () => {
    expect((await t.app.inject('/assets/missing-000.js')).statusCode).toBe(404);
    expect((await t.app.inject('/missing.png')).statusCode).toBe(404);
    const api = await t.app.inject('/users/v1/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });

  it('does not serve the app for non-GET requests to page paths', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/devices/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
