/**
 * The browser origins of branded deployments, `{scheme}://{slug}.{baseHost}{:port}`, scheme and port taken
 * from PUBLIC_URL. The identity provider registers each one's root as an exact redirect address: no
 * wildcards, so an unknown sub-domain can never receive a code.
 */
export function brandedOrigins(
  publicUrl: string,
  baseHost: string | undefined,
  slugs: readonly string[],
): string[] {
  if (!baseHost) return [];
  const url = new URL(publicUrl);
  const port = url.port ? `:${url.port}` : '';
  return slugs.map((slug) => `${url.protocol}//${slug}.${baseHost}${port}`);
}
