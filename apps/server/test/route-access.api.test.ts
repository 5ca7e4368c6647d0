/**
 * Every route the app registers declares what it needs (public, signed in, or a permission in a space: see
 * src/http/route-access.ts), so a new endpoint cannot skip the route gate (src/modules/spaces/route-gate.ts).
 * The routes are the app's own list (its onRoute hook), the embedded identity provider and the dev outbox
 * included, not a hand-kept one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAccess } from '../src/http/route-access.ts';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  // A stand-in build, so the static files of the web app are registered routes too.
  dist = mkdtempSync(path.join(tmpdir(), 'tc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist }, { idp: true });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('route access declarations', () => {
  it('every registered route declares public, signed-in or a space permission', () => {
    const routes = t.app.declaredRoutes();
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // The list is the real one: the IoT, space, identity-provider and API-docs routes are all in it.
    const urls = routes.map((r) => r.url);
    for (const url of [
      '/iot/v2/devices',
      '/classroom/v1/organizations/:id',
      '/auth/*',
      '/openapi.json',
      '/assets/index-abc123.js',
    ])
      expect(urls).toContain(url);
    console.log(`route declarations: ${routes.length} routes, none without one`);
  });

  it('names what each space route needs from the shared role table', () => {
    const space = t.app.declaredRoutes().filter((r) => r.access?.kind === 'space');
    expect(space.length).toBeGreaterThan(100);
    for (const r of space) expect(describeAccess(r.access)).toMatch(/^[a-z_]+\.[a-z.]+ in the space of /);
  });
});
