import { APP_VERSION, type AppConfig, type BrokerUrls } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { publicRoute } from '../../http/route-access.ts';
import { WEB_MANIFEST_PATH, webManifest } from './web-manifest.ts';

const NO_BROKER: BrokerUrls = { url: null, tlsUrl: null, wsUrl: null, wssUrl: null };

export function toAppConfig(config: Config, mqtt: BrokerUrls = NO_BROKER): AppConfig {
  return {
    productName: config.productName,
    productSlug: config.productSlug,
    version: APP_VERSION,
    publicUrl: config.publicUrl,
    // One server serves every spec host under a path prefix (ARCHITECTURE.md); hosts stay separable.
    hosts: {
      api: '',
      customization: '/customization',
      provisioning: '/provisioning',
      boards: '/boards',
      ota: '/ota',
      storage: '/storage',
      create: '/create',
      status: '/status',
    },
    oidc: {
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      audience: config.oidc.audience,
      scope: 'openid profile email offline_access',
      claimsNamespace: config.oidc.claimsNamespace,
    },
    mqtt,
    embeddedIdp: config.oidc.embedded,
    devOutboxUrl: config.devOutbox ? '/dev/outbox' : null,
    thirdParty: {
      tagManagerUrl: config.web.tagManagerUrl,
      analyticsUrl: config.web.analyticsUrl,
      consentScriptUrl: config.web.consentScriptUrl,
      consentStylesheetUrl: config.web.consentStylesheetUrl,
    },
    mapTiles: config.web.mapTiles,
    companyKey: config.web.companyKey,
    baseHost: config.baseHost ?? null,
    links: {
      store: config.web.storeUrl,
      account: config.web.accountUrl,
      statusPage: config.web.statusPageUrl,
      forum: config.web.forumUrl,
      contact: config.web.contactUrl,
      privacy: config.web.privacyUrl,
      terms: config.web.termsUrl,
      security: config.web.securityUrl,
    },
  };
}

/**
 * The SPA's runtime configuration, as a classic script so it is set before the app's module runs
 * (a blocking same-origin script keeps the CSP free of inline code), and its web app manifest.
 */
export const appConfigRoutes: FastifyPluginAsync<{ config: Config; broker?: () => BrokerUrls }> = async (
  app,
  { config, broker },
) => {
  // The broker starts listening after the app is built (its WebSocket rides on the HTTP server) and may take
  // another port than asked, so its addresses are read per request; the body is cached once they are known.
  let cached: { key: string; body: string } | null = null;
  const bodyNow = () => {
    const mqtt = broker?.() ?? NO_BROKER;
    const key = JSON.stringify(mqtt);
    if (cached?.key !== key)
      cached = { key, body: `window.__APP_CONFIG__=${JSON.stringify(toAppConfig(config, mqtt))};\n` };
    return cached.body;
  };
  app.get('/app-config.js', { config: publicRoute(), schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(bodyNow()),
  );
  // Read again on each visit (no-cache): a renamed deployment shows its new name on the next install.
  const manifest = JSON.stringify(webManifest(config.productName));
  app.get(WEB_MANIFEST_PATH, { config: publicRoute(), schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(manifest),
  );
};
