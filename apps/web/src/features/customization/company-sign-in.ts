import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { type AppConfig, claimNames, decodeJwt } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import type { Auth } from '@/lib/auth/auth-service.ts';
import { logger } from '@/lib/logger.ts';
import { joinUrl } from '@/lib/urls.ts';
import { type CustomizationRecord, customizationQueryOptions } from './api/customization.ts';

/** Messages of spec section 8, logged word for word. */
export const NOT_ENABLED = 'Customization is not enabled.';
export const FAILED_TO_LOAD = 'Failed to load custom configuration.';
export const NOT_AVAILABLE = 'Custom configuration not available.';
export const TOS_NOT_ACCEPTED = 'User has not accepted the TOS. Redirecting to TOS page...';
export const TOS_ALREADY_ACCEPTED = 'User has already accepted the TOS.';

export const AUTH_FAILED_PATH = '/auth-failed/' as const;
export const TOS_PATH = '/tos-acceptance/' as const;

/**
 * Spec 2.5: the two redirect targets (authentication failure, terms acceptance) are built from the
 * customization's base address, its `url`. An address on this origin stays a move inside the app (the router
 * reads a same-origin href as a path); another one is a page load there. A record without a usable http(s)
 * address leaves the target in this app.
 */
export const customizationTarget = (
  record: Pick<CustomizationRecord, 'url'>,
  path: typeof AUTH_FAILED_PATH | typeof TOS_PATH,
) => ({ to: path, ...(/^https?:\/\/[^/]/i.test(record.url) && { href: joinUrl(record.url, path) }) });

/**
 * Acceptance recorded in this browser session: the access token carries the claim only after its next
 * renewal, and until then the user must not be sent back to the terms page.
 */
const ACCEPTED_KEY = 'tc-tos-accepted';

export function rememberTermsAccepted(companyKey: string, storage: Storage = window.sessionStorage) {
  try {
    storage.setItem(`${ACCEPTED_KEY}:${companyKey}`, 'true');
  } catch {
    // Without storage the claim decides once the token renews.
  }
}

function acceptedThisSession(companyKey: string, storage: Storage = window.sessionStorage): boolean {
  try {
    return storage.getItem(`${ACCEPTED_KEY}:${companyKey}`) === 'true';
  } catch {
    return false;
  }
}

/** Terms acceptance is read from the access token's claim (spec 6.5); an opaque token says "not accepted". */
export async function termsAccepted(auth: Auth, config: AppConfig, companyKey: string): Promise<boolean> {
  if (acceptedThisSession(companyKey)) return true;
  try {
    const { payload } = decodeJwt(await auth.getAccessToken());
    return payload[claimNames(config.oidc.claimsNamespace).tosAccepted] === true;
  } catch {
    return false;
  }
}

export interface CompanySignInContext {
  auth: Auth;
  api: ApiRequest;
  config: AppConfig;
  queryClient: QueryClient;
}

/** The customization record, logging per spec 8: a failure is logged and rethrown, a missing one warned. */
export async function loadCustomization(context: CompanySignInContext): Promise<CustomizationRecord | null> {
  const key = context.config.companyKey;
  if (!key) return null;
  let record: CustomizationRecord | null;
  try {
    record = await context.queryClient.ensureQueryData(
      customizationQueryOptions(context.api, context.config, key),
    );
  } catch (error) {
    logger.error(FAILED_TO_LOAD, error);
    throw error;
  }
  if (!record) logger.warn(NOT_AVAILABLE);
  return record;
}

/**
 * Company-customised sign-in (spec 4.1, 6.2), run for signed-in pages: a customization that is not enabled
 * sends the user to /auth-failed; terms not accepted send them to /tos-acceptance unless already there; both
 * on the record's base address (`customizationTarget`).
 */
export async function checkCompanySignIn(context: CompanySignInContext, pathname: string): Promise<void> {
  const key = context.config.companyKey;
  if (!key) return;
  const record = await loadCustomization(context);
  if (!record) return;
  if (!record.url_enabled) {
    logger.error(NOT_ENABLED);
    throw redirect({ ...customizationTarget(record, AUTH_FAILED_PATH), replace: true });
  }
  if (pathname === TOS_PATH) return;
  if (!(await termsAccepted(context.auth, context.config, key))) {
    logger.warn(TOS_NOT_ACCEPTED);
    throw redirect({ ...customizationTarget(record, TOS_PATH), replace: true });
  }
}
