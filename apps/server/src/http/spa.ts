import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { SIGN_IN_CALLBACK_PATH } from '@tinkercloud/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { notFoundBody } from './error-handler.ts';
import { declareScope } from './route-access.ts';

/** Paths that belong to the API or the identity provider: a miss there is a JSON 404, never the SPA. */
const API_PREFIXES = [
  // The admin console's and the plan pages' own paths (`/admin/`, `/plans/`) are pages: only the APIs are not.
  '/admin/v1/',
  '/plans/v1/',
  '/iot/',
  '/users/',
  '/classroom/',
  '/groups/',
  '/restrictions/',
  '/education/',
  '/countries/',
  '/customization/',
  '/provisioning/',
  '/boards/',
  '/ota/',
  '/storage/',
  '/create/',
  '/status/',
  '/auth/',
  '/live/',
  '/notifications',
  '/healthz',
  '/dev/',
  '/assets/',
];

const CALLBACK_FILE = path.basename(SIGN_IN_CALLBACK_PATH);

/**
 * The sign-in callback page runs in the app's own hidden session-check frame, so our origin (and only it) may
 * frame it; every other response keeps `frame-ancestors 'none'`.
 */
function frameableByOurOrigin(reply: FastifyReply) {
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  reply.header('x-frame-options', 'SAMEORIGIN');
}

/**
 * Serves the built SPA: hashed assets cached forever, index.html never cached, history fallback for pages.
 * Unhashed files are `no-cache` (asked again each time, 304 when unchanged): sw.js above all, so the browser
 * sees a new deploy's service worker at once (its scope is the whole site because it is served from `/`).
 */
export async function registerSpa(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.webDistDir ?? resolveWebDist());
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    // The built app's files are public (signing in happens inside it). @fastify/static adds its routes to this
    // instance, so this declares whatever is registered from here on: app.ts registers the SPA last.
    declareScope(app, { kind: 'public' });
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (path.basename(filePath) === CALLBACK_FILE) frameableByOurOrigin(res);
      },
    });
  } else {
    app.log.warn({ root }, 'no built web app found; pages will answer 503 (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => pathname.startsWith(p)) &&
      !path.extname(pathname);
    if (!wantsPage) return reply.status(404).send(notFoundBody(request));
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/** apps/web/dist, seen from the bundled server (apps/server/dist) or from the source (apps/server/src/http). */
function resolveWebDist() {
  const candidates = [
    fileURLToPath(new URL('../../web/dist', import.meta.url)),
    fileURLToPath(new URL('../../../web/dist', import.meta.url)),
  ];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? (candidates[1] as string);
}
