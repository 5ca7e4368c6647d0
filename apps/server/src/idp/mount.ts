import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * Builds the absolute URLs oidc-provider prints (discovery, redirects, form actions) from the public URL, not
 * from whatever Host header a request carried, so they always match the issuer `${publicUrl}/auth`.
 */
export function pinProviderUrls(provider: Provider, publicUrl: string) {
  const { origin } = new URL(publicUrl);
  provider.use(async (ctx, next) => {
    const original = (ctx.req as IncomingMessage & { originalUrl?: string }).originalUrl ?? ctx.originalUrl;
    Object.defineProperty(ctx.request, 'href', { value: `${origin}${original}`, configurable: true });
    await next();
  });
}

/**
 * Hands every request under the mount prefix that no other route claims to oidc-provider (a Koa app).
 * Encapsulated: its catch-all content-type parser leaves the body stream unread for the provider, so the
 * app-wide JSON and form parsers never touch the provider's requests.
 */
export function providerPassthrough(provider: Provider, publicUrl: string): FastifyPluginAsync {
  const callback = provider.callback();
  const publicPath = new URL(publicUrl).pathname.replace(/\/+$/, '');
  return async (app) => {
    const mount = app.prefix;
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.all('/*', (request, reply) => {
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      const url = req.url ?? '/';
      let rest = url.startsWith(mount) ? url.slice(mount.length) : url;
      if (!rest.startsWith('/')) rest = `/${rest}`;
      // oidc-provider derives its mount path from originalUrl minus url (as under Express).
      req.originalUrl = `${publicPath}${mount}${rest}`;
      req.url = rest;
      reply.hijack();
      void callback(req, reply.raw);
    });
  };
}
