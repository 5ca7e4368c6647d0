/**
 * The origins of the given URLs, once each, in order: unset and unparsable ones are skipped, and so are URLs
 * without an origin of their own (`data:`, `file:`: origin "null"). For the CSP and the provider's CORS.
 */
export function originsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const origin = url ? URL.parse(url)?.origin : undefined;
    if (origin && origin !== 'null') origins.add(origin);
  }
  return [...origins];
}
