import { describe, expect, it } from 'vitest';
import { pushPageview } from './analytics.ts';
import { pageTitle } from './title.ts';

describe('pushPageview', () => {
  it('creates the data layer when missing and appends a pageview per call', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushPageview(target, '/devices');
    pushPageview(target, '/things');
    expect(target.dataLayer).toEqual([
      { event: 'pageview', path: '/devices' },
      { event: 'pageview', path: '/things' },
    ]);
  });

  it('keeps what a tag manager already queued', () => {
    const target = { dataLayer: [{ event: 'gtm.js' }] as unknown[] };
    pushPageview(target, '/');
    expect(target.dataLayer).toEqual([{ event: 'gtm.js' }, { event: 'pageview', path: '/' }]);
  });
});

describe('pageTitle', () => {
  it('ends with " | " and the product name', () => {
    expect(pageTitle('Devices', 'Tinkercloud')).toBe('Devices | Tinkercloud');
  });

  it('is the product name alone without a page name', () => {
    expect(pageTitle(undefined, 'Tinkercloud')).toBe('Tinkercloud');
  });
});
