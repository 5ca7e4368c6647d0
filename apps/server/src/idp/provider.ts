import { SIGN_IN_CALLBACK_PATH } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JWK } from 'jose';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import { accessTokenClaims, accountClaims, scopeClaims } from './claims.ts';
import { createOidcAdapter } from './oidc-adapter.ts';
import type { PageContext } from './pages/layout.ts';
import { errorPage, logoutPage, messagePage } from './pages/views.ts';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const SCOPES = ['openid', 'profile', 'email', 'offline_access'];

interface ProviderDeps {
  config: Config;
  db: Database;
  accounts: AccountService;
  logger: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  signingKeys: JWK[];
  cookieKeys: string[];
  pages: PageContext;
  /** The app roots (sign-in redirects and the sign-out return) of the app and each branded deployment. */
  redirectUris: string[];
}

/** A root's sign-in callback page, the popup's and the session check's redirect address. */
const signInCallbackOf = (root: string) => `${root.replace(/\/+$/, '')}${SIGN_IN_CALLBACK_PATH}`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The oidc-provider instance with our policies: one first-party public client, PKCE, JWT access tokens. */
export function createProvider(deps: ProviderDeps): Provider {
  const { config, accounts, pages } = deps;
  const { clientId, audience, claimsNamespace, issuer } = config.oidc;
  const isFirstParty = (id: string | undefined) => id === clientId;

  const configuration: Configuration = {
    adapter: createOidcAdapter(deps.db),
    jwks: { keys: deps.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: deps.cookieKeys,
      names: {
        session: `${config.productSlug}_session`,
        interaction: `${config.productSlug}_interaction`,
        resume: `${config.productSlug}_resume`,
      },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: config.productName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: deps.redirectUris.flatMap((root) => [root, signInCallbackOf(root)]),
        post_logout_redirect_uris: deps.redirectUris,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    scopes: SCOPES,
    // Authorization code only: no implicit or hybrid flows.
    responseTypes: ['code'],
    claims: scopeClaims(claimsNamespace),
    conformIdTokenClaims: false,
    extraParams: ['is_minor', 'screen_hint'],
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      end_session: '/v2/logout',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
      revocation: '/oauth/revoke',
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: SCOPES.join(' '),
            audience,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(pages, form, Boolean(str(ctx.oidc.params?.id_token_hint)));
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage(pages, {
            title: 'Signed out',
            message: `You have signed out of ${config.productName}.`,
          });
        },
      },
    },
    clientBasedCORS(_ctx, origin, client) {
      return client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false;
    },
    interactions: {
      url: (_ctx, interaction) => `${issuer}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account, claimsNamespace) };
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId ? await accounts.findById(accountId) : null;
      return account ? accessTokenClaims(account, claimsNamespace) : undefined;
    },
    // Our own app needs no consent screen: its grant covers whatever it asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, provider } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) grant = undefined;
      if (!isFirstParty(client.clientId)) return grant;
      grant ??= new provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      const claims = [...ctx.oidc.requestParamClaims];
      if (claims.length > 0) grant.addOIDCClaims(claims);
      for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers ?? {})) {
        grant.addResourceScope(indicator, [...server.scopes].join(' '));
      }
      await grant.save();
      return grant;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    renderError(ctx, out, error) {
      if (!(error instanceof errors.OIDCProviderError) || error.statusCode >= 500) {
        deps.logger.error({ err: error }, 'identity provider error');
      }
      ctx.type = 'html';
      ctx.body = errorPage(pages, out.error_description || out.error);
    },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      RefreshToken(ctx, token, client) {
        // Rotated refresh tokens of a browser client keep the first token's end: 14 days after sign-in.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained())
          return rotated.remainingTTL;
        return 14 * DAY;
      },
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  provider.on('server_error', (_ctx, err) => deps.logger.error({ err }, 'identity provider error'));
  provider.on('grant.error', (_ctx, err) => deps.logger.debug({ err }, 'token request rejected'));
  provider.on('authorization.error', (_ctx, err) =>
    deps.logger.debug({ err }, 'authorization request rejected'),
  );
  return provider;
}
