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
