import type { AppConfig } from '@tinkercloud/shared';
import { pushDataLayer } from './analytics.ts';
import { logger } from './logger.ts';

/** The analytics consent purpose (spec section 1). */
export const ANALYTICS_PURPOSE = 4;

export type ConsentAudience = 'adult' | 'teen' | 'minor';

export function consentAudience(user: { is_minor: boolean; is_teen: boolean }): ConsentAudience {
  if (user.is_minor) return 'minor';
  return user.is_teen ? 'teen' : 'adult';
}

/** The part of an IAB TCF v2 `tcData` we read. */
export interface TcData {
  gdprApplies?: boolean;
  eventStatus?: string;
  purpose?: { consents?: Record<string | number, boolean | undefined> };
}

/**
 * Whether analytics may run. Minors: never. Teens: only with an explicit purpose-4 consent. Adults: with
 * purpose-4 consent, or where the consent tool says GDPR does not apply.
 */
export function analyticsAllowed(audience: ConsentAudience, tcData: TcData | null): boolean {
  if (audience === 'minor' || !tcData) return false;
  const consented = tcData.purpose?.consents?.[ANALYTICS_PURPOSE] === true;
  if (audience === 'teen') return consented;
  return consented || tcData.gdprApplies === false;
}

/** The identify call carries the e-mail: adults with consent only. */
export function identifyAllowed(audience: ConsentAudience, tcData: TcData | null): boolean {
  return audience === 'adult' && analyticsAllowed(audience, tcData);
}

export function loadScript(doc: Document, src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Script failed to load: ${src}`));
    doc.head.appendChild(script);
  });
}

export function loadStylesheet(doc: Document, href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`Stylesheet failed to load: ${href}`));
    doc.head.appendChild(link);
  });
}

type TcfApi = (
  command: string,
  version: number,
  callback: (tcData: TcData | null, success: boolean) => void,
) => void;

interface ThirdPartyWindow extends Window {
  __tcfapi?: TcfApi;
  analytics?: { identify?: (id: string, traits: Record<string, unknown>) => void };
}

export interface ThirdPartyDeps {
  config: AppConfig;
  user: { id: string; email: string; is_minor: boolean; is_teen: boolean };
  win: Window;
  load?: { script: typeof loadScript; stylesheet: typeof loadStylesheet };
  log?: Pick<Console, 'warn' | 'info'>;
}

/**
 * Section 1's third-party scripts: the consent script and stylesheet, then, once consent allows, the tag
 * manager and analytics and the identify call. Nothing is configured: nothing loads. Every failure is only
 * logged. Without a consent script nobody can consent, so analytics stay off.
 */
export async function startThirdParty(deps: ThirdPartyDeps): Promise<void> {
  const { config, user } = deps;
  const win = deps.win as ThirdPartyWindow;
  const log = deps.log ?? logger;
  const load = deps.load ?? { script: loadScript, stylesheet: loadStylesheet };
  const urls = config.thirdParty;
  const audience = consentAudience(user);
  if (!urls || audience === 'minor') return;
  if (!urls.consentScriptUrl) return;

  if (urls.consentStylesheetUrl) {
    load.stylesheet(win.document, urls.consentStylesheetUrl).catch((error) => log.warn(error));
  }
  try {
    await load.script(win.document, urls.consentScriptUrl);
  } catch (error) {
    log.warn('Consent script failed to load', error);
    return;
  }
  const tcfapi = win.__tcfapi;
  if (typeof tcfapi !== 'function') {
    log.warn('The consent script offers no __tcfapi');
    return;
  }

  let started = false;
  const startAnalytics = async (tcData: TcData) => {
    started = true;
    for (const src of [urls.tagManagerUrl, urls.analyticsUrl]) {
      if (!src) continue;
      try {
        await load.script(win.document, src);
      } catch (error) {
        log.warn('Analytics script failed to load', error);
      }
    }
    if (identifyAllowed(audience, tcData) && user.id) {
      pushDataLayer(win, { event: 'identify', user_id: user.id, email: user.email });
      try {
        win.analytics?.identify?.(user.id, { email: user.email });
      } catch (error) {
        log.warn('Identify call failed', error);
      }
    }
  };

  try {
    tcfapi('addEventListener', 2, (tcData, success) => {
      if (started || !success || !tcData) return;
      if (tcData.eventStatus !== 'tcloaded' && tcData.eventStatus !== 'useractioncomplete') return;
      if (analyticsAllowed(audience, tcData)) void startAnalytics(tcData);
    });
  } catch (error) {
    log.warn('Consent check failed', error);
  }
}
