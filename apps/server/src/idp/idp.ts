import formbody from '@fastify/formbody';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { originsOf } from '../http/origins.ts';
import { declareScope } from '../http/route-access.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import { accountPageRoutes } from './account-pages.routes.ts';
import { restrictProviderCors } from './cors.ts';
import { interactionRoutes } from './interaction.routes.ts';
import { pinProviderUrls, providerPassthrough } from './mount.ts';
import { purgeExpiredOidcPayloads } from './oidc-adapter.ts';
import type { PageContext } from './pages/layout.ts';
import { createProvider } from './provider.ts';
import { loadIdpSecrets, publicJwks } from './secrets.ts';

export const IDP_MOUNT = '/auth';

export interface IdpDeps {
  config: Config;
  db: Database;
  accounts: AccountService;
  logger: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Redirect and post-logout URIs of the web client; default `[${publicUrl}/]`. */
  redirectUris?: string[];
  /** How often expired provider rows are deleted; default 10 minutes. */
  cleanupIntervalMs?: number;
}

export interface Idp {
  /** Register with `{ prefix: '/auth' }`: the provider, the sign-in pages and their assets. */
  plugin: FastifyPluginAsync;
  /** Public signing keys, for checking API access tokens in this process. */
  jwks: { keys: JWK[] };
  /** The oidc-provider instance (tests and diagnostics). */
  provider: Provider;
}

/**
 * The embedded OpenID Connect provider. Signing and cookie keys are created on first start and kept in
 * server_secrets; sessions, grants and tokens live in oidc_payloads, so restarts and extra processes share them.
 */
export async function createIdp(deps: IdpDeps): Promise<Idp> {
  const { config, db, accounts, logger } = deps;
  const secrets = await loadIdpSecrets(db);
  const publicPath = new URL(config.publicUrl).pathname.replace(/\/+$/, '');
  const pages: PageContext = {
    productName: config.productName,
    mountPath: `${publicPath}${IDP_MOUNT}`,
    appUrl: `${config.publicUrl}/`,
  };
  const redirectUris = deps.redirectUris ?? [`${config.publicUrl}/`];
  const provider = createProvider({
    config,
    db,
    accounts,
    logger,
    signingKeys: secrets.signingKeys,
    cookieKeys: secrets.cookieKeys,
    pages,
    redirectUris,
  });
  pinProviderUrls(provider, config.publicUrl);
  // The one client's redirect URIs cover the app and every branded deployment.
  restrictProviderCors(provider, originsOf([config.publicUrl, ...redirectUris]));

  const plugin: FastifyPluginAsync = async (app) => {
    if (app.prefix !== IDP_MOUNT) {
      throw new Error(
        `the identity provider must be registered with prefix '${IDP_MOUNT}' (got '${app.prefix}')`,
      );
    }
    // Sign-in pages, the provider's endpoints and their assets are reached before anyone is signed in: the
    // provider proves who calls by its own sessions, codes and tokens, not by our bearer check.
    declareScope(app, { kind: 'public' });
    // app.ts registers @fastify/formbody app-wide; stand-alone (tests) we bring it ourselves.
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
    await app.register(providerPassthrough(provider, config.publicUrl));
    await app.register(
      interactionRoutes({
        provider,
        accounts,
        pages,
        firstPartyClientId: config.oidc.clientId,
        signUpsPerMinute: config.oidc.signUpsPerMinute,
        logger,
      }),
    );
    await app.register(accountPageRoutes({ accounts, pages }));

    const purge = () =>
      Promise.all([purgeExpiredOidcPayloads(db), accounts.purgeExpiredTokens()]).then(
        ([count]) => count > 0 && logger.debug({ count }, 'expired identity provider rows deleted'),
        (err) => logger.warn({ err }, 'cleaning expired identity provider rows failed'),
      );
    const timer = setInterval(purge, deps.cleanupIntervalMs ?? 10 * 60 * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };

  return { plugin, jwks: publicJwks(secrets.signingKeys), provider };
}
