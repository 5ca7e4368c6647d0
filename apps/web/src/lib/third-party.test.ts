import type { AppConfig } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/app-harness.tsx';
import {
  analyticsAllowed,
  consentAudience,
  identifyAllowed,
  startThirdParty,
  type TcData,
} from './third-party.ts';

const consent = (given: boolean, gdprApplies = true): TcData => ({
  gdprApplies,
  eventStatus: 'useractioncomplete',
  purpose: { consents: { 4: given } },
});

const withScripts = {
  ...testConfig,
  thirdParty: {
    tagManagerUrl: 'https://tags.example/gtm.js',
    analyticsUrl: 'https://analytics.example/a.js',
    consentScriptUrl: 'https://consent.example/cmp.js',
    consentStylesheetUrl: 'https://consent.example/cmp.css',
  },
} as AppConfig;

const adult = { id: 'u1', email: 'ada@example.com', is_minor: false, is_teen: false };

function fakeWindow(tcData: TcData | null) {
  const win = {
    document,
    dataLayer: [] as unknown[],
    analytics: { identify: vi.fn() },
    __tcfapi: vi.fn((_cmd: string, _v: number, cb: (d: TcData | null, ok: boolean) => void) =>
      cb(tcData, true),
    ),
  };
  return win;
}

describe('consent rules', () => {
  it('never allows minors, needs explicit consent for teens, purpose 4 for adults', () => {
    expect(consentAudience({ is_minor: true, is_teen: true })).toBe('minor');
    expect(consentAudience({ is_minor: false, is_teen: true })).toBe('teen');
    expect(analyticsAllowed('minor', consent(true))).toBe(false);
    expect(analyticsAllowed('teen', consent(false, false))).toBe(false);
    expect(analyticsAllowed('teen', consent(true))).toBe(true);
    expect(analyticsAllowed('adult', consent(false))).toBe(false);
    expect(analyticsAllowed('adult', consent(true))).toBe(true);
    expect(analyticsAllowed('adult', consent(false, false))).toBe(true);
    expect(analyticsAllowed('adult', null)).toBe(false);
    expect(identifyAllowed('teen', consent(true))).toBe(false);
  });
});

describe('startThirdParty', () => {
  it('loads nothing when nothing is configured', async () => {
    const load = { script: vi.fn(async () => undefined), stylesheet: vi.fn(async () => undefined) };
    await startThirdParty({ config: testConfig, user: adult, win: window, load });
    expect(load.script).not.toHaveBeenCalled();
  });

  it('loads nothing at all for minors', async () => {
    const load = { script: vi.fn(async () => undefined), stylesheet: vi.fn(async () => undefined) };
    await startThirdParty({ config: withScripts, user: { ...adult, is_minor: true }, win: window, load });
    expect(load.script).not.toHaveBeenCalled();
    expect(load.stylesheet).not.toHaveBeenCalled();
  });

  it('loads the consent tool, then analytics and identify once consent is given', async () => {
    const win = fakeWindow(consent(true));
    const load = {
      script: vi.fn(async (_doc: Document, _src: string) => undefined),
      stylesheet: vi.fn(async () => undefined),
    };
    await startThirdParty({ config: withScripts, user: adult, win: win as unknown as Window, load });
    await vi.waitFor(() =>
      expect(win.analytics.identify).toHaveBeenCalledWith('u1', { email: 'ada@example.com' }),
    );
    expect(load.stylesheet).toHaveBeenCalledWith(document, 'https://consent.example/cmp.css');
    expect(load.script.mock.calls.map((c) => c[1])).toEqual([
      'https://consent.example/cmp.js',
      'https://tags.example/gtm.js',
      'https://analytics.example/a.js',
    ]);
    expect(win.dataLayer).toContainEqual({ event: 'identify', user_id: 'u1', email: 'ada@example.com' });
  });

  it('keeps analytics off without consent and only logs failures', async () => {
    const win = fakeWindow(consent(false));
    const log = { warn: vi.fn(), info: vi.fn() };
    const load = { script: vi.fn(async () => undefined), stylesheet: vi.fn(async () => undefined) };
    await startThirdParty({ config: withScripts, user: adult, win: win as unknown as Window, load, log });
    expect(load.script).toHaveBeenCalledTimes(1);
    expect(win.analytics.identify).not.toHaveBeenCalled();

    const failing = {
      script: vi.fn(async () => Promise.reject(new Error('blocked'))),
      stylesheet: vi.fn(async () => Promise.reject(new Error('blocked'))),
    };
    await expect(
      startThirdParty({
        config: withScripts,
        user: adult,
        win: win as unknown as Window,
        load: failing,
        log,
      }),
    ).resolves.toBeUndefined();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(2));
  });
});
