/**
 * This server's address as a program outside the browser must write it: the config's API host is usually
 * empty ("this origin"), so it is resolved against the page's origin. No trailing slash.
 */
export function serverAddress(apiHost: string, origin: string): string {
  return new URL(apiHost || '/', origin).href.replace(/\/+$/, '');
}

/** The OAuth2 client-credentials token endpoint (`POST`, form or JSON body). */
export const tokenUrl = (server: string) => `${server}/iot/v1/clients/token`;
