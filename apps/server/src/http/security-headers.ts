import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP, frame and referrer policy for every response. The SPA and the sign-in pages load only our own
 * scripts and styles; images may be data URLs (avatars) or https (profile pictures from a provider).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
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
