import type Provider from 'oidc-provider';

/** Anyone may read these: they hold public metadata and keys only, so any origin may fetch them. */
const OPEN_PATHS = ['/.well-known/openid-configuration', '/.well-known/jwks.json'];

/**
 * oidc-provider answers a preflight, and any answer given before it knows the client (errors included), with
 * `Access-Control-Allow-Origin` set to whatever `Origin` came in; `clientBasedCORS` only runs once a client is
 * found. So a page on any site could read the token and userinfo endpoints' answers. Here only the origins of
 * registered clients (the app, branded deployments, redirect URIs) keep CORS headers; every other origin gets
 * the same answer without them, which a browser then hides from that page.
 */
export function restrictProviderCors(provider: Provider, allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  provider.use(async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (!origin || allowed.has(origin) || OPEN_PATHS.includes(ctx.path)) return next();
    await next();
    for (const name of Object.keys(ctx.response.headers)) {
      if (name.toLowerCase().startsWith('access-control-')) ctx.remove(name);
    }
  });
}
