/** URL rules used at boot and by API calls; pure so they are easy to test. */

/** `joinUrl('/status', '/api/v2/status.json')`; an empty base means "this origin". */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * A branded deployment's host (spec section 1): one label in front of the base host (BASE_HOST), or of the
 * public host when no base host is configured, on the public URL's protocol and port.
 */
export function isBrandedHost(current: URL, publicUrl: string, baseHost?: string | null): boolean {
  const target = new URL(publicUrl);
  if (current.protocol !== target.protocol || current.port !== target.port) return false;
  const base = (baseHost || target.hostname).toLowerCase();
  const host = current.hostname.toLowerCase();
  if (!host.endsWith(`.${base}`)) return false;
  const label = host.slice(0, -(base.length + 1));
  return label !== '' && !label.includes('.');
}

/**
 * The identity provider only accepts the redirect URIs registered for the public address, so a visit on
 * another origin (127.0.0.1 instead of localhost, a proxy's internal name) first moves to the same path on
 * the public origin. Branded deployments (`{slug}.{base host}`) stay where they are. Returns null when
 * already there.
 */
export function publicOriginRedirect(
  currentHref: string,
  publicUrl: string,
  baseHost?: string | null,
): string | null {
  const current = new URL(currentHref);
  const target = new URL(publicUrl);
  if (current.origin === target.origin) return null;
  if (isBrandedHost(current, publicUrl, baseHost)) return null;
  return `${target.origin}${current.pathname}${current.search}${current.hash}`;
}

/** Parameters the identity provider adds to the redirect URI; removed once the sign-in is handled. */
const SIGN_IN_PARAMS = ['code', 'state', 'iss', 'session_state', 'error', 'error_description', 'error_uri'];

/** True when this page load is the identity provider sending the user back (with a result or an error). */
export function isSignInCallback(href: string): boolean {
  const params = new URL(href).searchParams;
  return params.has('state') && (params.has('code') || params.has('error'));
}

/** The current address without the sign-in parameters, as a path (`/devices?x=1#h`). */
export function withoutSignInParams(href: string): string {
  const url = new URL(href);
  for (const name of SIGN_IN_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Accepts only same-origin absolute paths, so a crafted return target cannot send the user elsewhere. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
