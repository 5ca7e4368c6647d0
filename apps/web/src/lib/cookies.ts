/**
 * Our cookies live under one prefix and may be shared across the parent domain (spec section 3), so a
 * cookie is expired on this host and on every parent domain it could have been set for.
 */
export function clearPrefixedCookies(prefix: string, doc: Document = document): string[] {
  const names = doc.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name.startsWith(prefix));
  const labels = doc.location.hostname.split('.');
  const domains = labels.map((_, i) => labels.slice(i).join('.')).filter((d) => d.includes('.'));
  for (const name of names) {
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    doc.cookie = expired;
    for (const domain of domains) doc.cookie = `${expired}; domain=.${domain}`;
  }
  return names;
}

/** The value of one cookie, or null. */
export function readCookie(name: string, doc: Document = document): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.split('=');
    if (key?.trim() === name) {
      const raw = rest.join('=').trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/**
 * The domain our cookies are shared on: the public host, so branded sub-domains (`{slug}.{host}`) see the
 * same cookies. Hosts without a dot (localhost) and IP addresses get host-only cookies (undefined).
 */
export function cookieDomain(hostname: string, publicHostname: string): string | undefined {
  const host = hostname.toLowerCase();
  const base = publicHostname.toLowerCase();
  const shared = host === base || host.endsWith(`.${base}`) ? base : host;
  if (!shared.includes('.') || /^[\d.]+$/.test(shared) || shared.includes(':')) return undefined;
  return shared;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  domain?: string | undefined;
}

export function writeCookie(name: string, value: string, options: CookieOptions, doc: Document = document) {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${options.maxAgeSeconds}`,
    'samesite=lax',
  ];
  if (options.domain) parts.push(`domain=.${options.domain}`);
  if (doc.location.protocol === 'https:') parts.push('secure');
  doc.cookie = parts.join('; ');
}
