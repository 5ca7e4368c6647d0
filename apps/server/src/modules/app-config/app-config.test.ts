import { appConfigSchema } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { toAppConfig } from './app-config.routes.ts';

describe('error page links in the SPA configuration (spec 2.5)', () => {
  it('passes the forum, status page and contact addresses on', () => {
    const config = toAppConfig(
      loadConfig({
        FORUM_URL: 'https://forum.example/',
        STATUS_PAGE_URL: 'https://status.example/',
        CONTACT_URL: 'https://example.org/contact',
      }),
    );
    expect(config.links).toMatchObject({
      forum: 'https://forum.example/',
      statusPage: 'https://status.example/',
      contact: 'https://example.org/contact',
    });
    expect(appConfigSchema.parse(config).links).toMatchObject({ forum: 'https://forum.example/' });
  });

  it('sends null for each one unset, so the link is hidden', () => {
    expect(toAppConfig(loadConfig({})).links).toMatchObject({ forum: null, statusPage: null, contact: null });
  });

  it('refuses an address that is not http(s)', () => {
    expect(() => loadConfig({ FORUM_URL: 'javascript:alert(1)' })).toThrow(/FORUM_URL/);
    expect(() => loadConfig({ CONTACT_URL: 'ftp://example.org' })).toThrow(/CONTACT_URL/);
  });
});

describe('the device broker in the SPA configuration', () => {
  it('serves the addresses the broker listens on, read when asked (the broker listens after the app is built)', async () => {
    const Fastify = (await import('fastify')).default;
    const { appConfigRoutes } = await import('./app-config.routes.ts');
    let urls = { url: null as string | null, tlsUrl: null, wsUrl: null as string | null };
    const app = Fastify();
    await app.register(appConfigRoutes, { config: loadConfig({}), broker: () => urls });
    const read = async () => {
      const body = (await app.inject({ url: '/app-config.js' })).body;
      return appConfigSchema.parse(JSON.parse(body.slice(body.indexOf('=') + 1, body.lastIndexOf(';'))));
    };
    expect((await read()).mqtt).toEqual({ url: null, tlsUrl: null, wsUrl: null });
    urls = { url: 'mqtt://127.0.0.1:1884', tlsUrl: null, wsUrl: 'ws://127.0.0.1:3000/mqtt' };
    expect((await read()).mqtt).toEqual(urls);
    await app.close();
  });
});

describe('the web app manifest', () => {
  it("names the app as the deployment does (PRODUCT_NAME), for a phone's home screen", async () => {
    const Fastify = (await import('fastify')).default;
    const { appConfigRoutes } = await import('./app-config.routes.ts');
    const app = Fastify();
    await app.register(appConfigRoutes, { config: loadConfig({ PRODUCT_NAME: 'School Cloud' }) });
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      name: 'School Cloud',
      short_name: 'School Cloud',
      display: 'standalone',
    });
    await app.close();
  });
});
