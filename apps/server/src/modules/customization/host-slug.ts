/** Labels a branded deployment may not take: they name our own or common service hosts. */
const RESERVED = new Set([
  'www',
  'api',
  'app',
  'auth',
  'admin',
  'mail',
  'status',
  'static',
  'cdn',
  'localhost',
]);
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why a slug cannot be used as the sub-domain label of a branded deployment, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (!LABEL.test(slug)) {
    return 'A slug is 1 to 63 lower-case letters, digits and inner hyphens (a DNS label).';
  }
  if (RESERVED.has(slug)) return `"${slug}" is reserved.`;
  return null;
}

/**
 * The slug a request host names: `{slug}.{baseHost}` when a base host is configured (any other host names
 * none), else the host's first label when the host has one more label than a bare domain.
 */
export function slugFromHost(rawHost: string, baseHost: string | undefined): string | null {
  const host = rawHost.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const labels = host.split('.');
  if (baseHost) {
    if (!host.endsWith(`.${baseHost}`)) return null;
    const rest = host.slice(0, -(baseHost.length + 1));
    return LABEL.test(rest) ? rest : null;
  }
  if (labels.length < 2) return null;
  const first = labels[0] ?? '';
  return LABEL.test(first) ? first : null;
}
