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
