import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { originsOf } from './origins.ts';

/** Origins the web app may load from besides ours: the configured third-party scripts and policy pages. */
interface CspExtras {
  scripts: readonly (string | null)[];
  styles: readonly (string | null)[];
  frames: readonly (string | null)[];
  /** Origins the browser talks to directly, e.g. an external sign-in provider's discovery and token calls. */
  connect?: readonly (string | null)[];
  /**
   * Origins a form post may end up at: the sign-in form redirects to the app's registered addresses, and
   * browsers apply form-action to those redirects too (branded sub-domains live on other origins).
   */
  formTargets?: readonly (string | null)[];
}

/**
 * CSP, frame and referrer policy for every response. The SPA and the sign-in pages load only our own
 * scripts and styles; images may be data URLs (avatars) or https (profile pictures from a provider).
 * Configured third-party scripts (tag manager, analytics, consent) widen script, style and connect sources
 * by their origins only; policy pages a minor sees in a frame widen frame sources.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  extras: CspExtras = { scripts: [], styles: [], frames: [] },
) {
  const scripts = originsOf(extras.scripts);
  const styles = originsOf(extras.styles);
  const frames = originsOf(extras.frames);
  const connect = originsOf(extras.connect ?? []);
  const formTargets = originsOf(extras.formTargets ?? []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scripts],
        styleSrc: ["'self'", "'unsafe-inline'", ...styles],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...new Set([...scripts, ...connect])],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", ...frames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...formTargets],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The browsable API page and oidc-provider's pages are ours too; HSTS only makes sense behind TLS.
    strictTransportSecurity: false,
  });
}
