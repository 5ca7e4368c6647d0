import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { originsOf } from './origins.ts';
import { registerSecurityHeaders } from './security-headers.ts';

describe('web app extras in the configuration', () => {
  it('are null when unset and read from their variables when set', () => {
    expect(loadConfig({}).web).toEqual({
      tagManagerUrl: null,
      analyticsUrl: null,
      consentScriptUrl: null,
      consentStylesheetUrl: null,
      companyKey: null,
      storeUrl: null,
      accountUrl: null,
      statusPageUrl: null,
      forumUrl: null,
      contactUrl: null,
      privacyUrl: null,
      termsUrl: null,
      securityUrl: null,
      // Maps are the one extra with a default: OpenStreetMap's tiles (images only; the CSP allows https images).
      mapTiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
    const web = loadConfig({
      TAG_MANAGER_URL: 'https://tags.example/gtm.js',
      COMPANY_KEY: 'acme',
      STORE_URL: 'https://store.example/',
    }).web;
    expect(web).toMatchObject({
      tagManagerUrl: 'https://tags.example/gtm.js',
      companyKey: 'acme',
      storeUrl: 'https://store.example',
    });
    expect(() => loadConfig({ ANALYTICS_URL: 'javascript:alert(1)' })).toThrow(/ANALYTICS_URL/);
  });
});

describe('CSP', () => {
  it('keeps to our own origin without third-party scripts', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app);
    app.get('/', async () => 'ok');
    const csp = (await app.inject('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'self';");
  });

  it('adds only the origins of configured scripts, styles and frames', async () => {
    // Unset, unparsable and origin-less (`data:`, origin "null") URLs are skipped; each origin comes once.
    expect(
      originsOf(['https://a.example/x.js?y=1', null, 'https://a.example/z.js', 'nope', 'data:,x']),
    ).toEqual(['https://a.example']);
    const app = Fastify();
    await registerSecurityHeaders(app, {
      scripts: ['https://tags.example/gtm.js', null],
      styles: ['https://consent.example/c.css'],
      frames: ['https://legal.example/privacy'],
    });
    app.get('/', async () => 'ok');
    const csp = (await app.inject('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://tags.example;");
    expect(csp).toContain("connect-src 'self' https://tags.example;");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://consent.example;");
    expect(csp).toContain("frame-src 'self' https://legal.example;");
  });
});
