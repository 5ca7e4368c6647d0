import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';
import './styles/feedback.css';
import './styles/pages.css';
import './styles/iot.css';
import { LIVE_STREAM_PATH } from '@tinkercloud/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ErrorPage } from './components/ErrorPage.tsx';
import { fetchBrandedDeployment } from './features/customization/api/customization.ts';
import { installSpaceChangeHandler } from './features/spaces/space-change.ts';
import { createSpacesService } from './features/spaces/spaces-service.ts';
import { pushDataLayer } from './lib/analytics.ts';
import { createApiClient } from './lib/api.ts';
import { getAppConfig } from './lib/app-config.ts';
import { createAuth } from './lib/auth/auth-service.ts';
import { createAuthStore } from './lib/auth/auth-store.ts';
import { createUserManager } from './lib/auth/user-manager.ts';
import { reportCaughtError } from './lib/caught-errors.ts';
import { installChunkReloadHandler } from './lib/chunk-reload.ts';
import { cookieDomain } from './lib/cookies.ts';
import { installExternalLinkGuard } from './lib/external-links.ts';
import { readSwitch } from './lib/feature-flags.ts';
import { createLiveSource } from './lib/live-events.ts';
import { INSTALLED_FROM_STORE_KEY, readFlag } from './lib/local-flags.ts';
import { logger } from './lib/logger.ts';
import { createQueryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { createSpaceSelection } from './lib/space-selection.ts';
import { notifyBlockedLink } from './lib/store-link-toast.ts';
import { isBrandedHost, joinUrl, publicOriginRedirect } from './lib/urls.ts';
import { createAppRouter } from './router.tsx';

async function boot(container: HTMLElement) {
  const configured = getAppConfig();
  const elsewhere = publicOriginRedirect(window.location.href, configured.publicUrl, configured.baseHost);
  if (elsewhere) {
    window.location.replace(elsewhere);
    return;
  }
  installChunkReloadHandler(window);

  const queryClient = createQueryClient();
  // A company's sign-in uses the client id of its customization record (spec 3), read before signing in;
  // loaded only where a company key is configured.
  const config = configured.companyKey
    ? await (await import('./features/customization/company-client.ts')).withCompanyClientId(
        configured,
        createApiClient({ getAccessToken: async () => '' }),
        queryClient,
      )
    : configured;
  const store = createAuthStore({
    // Only the id: the e-mail waits for the consent handling the analytics issue brings.
    onAuthenticated: (user) => pushDataLayer(window, { event: 'authenticated', user_id: user.id }),
  });
  const userManager = createUserManager(config, window.location.origin);
  const auth = createAuth({ userManager, store, config, queryClient, window });
  const { error } = await auth.start();

  const api = createApiClient({ getAccessToken: auth.getAccessToken, tokenRefused: auth.tokenRefused });
  const signedIn = store.getState().isAuthenticated;
  // A branded deployment (`{slug}.{base host}`) offers only its organisation (spec 4.3); the public host
  // itself never is one, so it is not asked about.
  const branded = isBrandedHost(new URL(window.location.href), config.publicUrl, config.baseHost)
    ? await fetchBrandedDeployment(api, config, window.location.host, signedIn)
    : null;
  const selection = createSpaceSelection({
    domain: cookieDomain(window.location.hostname, new URL(config.publicUrl).hostname),
  });
  const spaces = createSpacesService({ api, config, queryClient, selection, branded });
  const router = createAppRouter(
    { auth, api, queryClient, config, spaces },
    { viewTransitions: readSwitch('enable-view-transition') },
  );
  const live = createLiveSource({
    url: joinUrl(config.hosts.api, LIVE_STREAM_PATH),
    getAccessToken: auth.getAccessToken,
  });
  // Signing in or out elsewhere (renewal failure, logout) re-runs the route guards and ends the live streams.
  store.subscribe(() => {
    if (!store.getState().isAuthenticated) live.stop();
    void router.invalidate();
  });
  installSpaceChangeHandler(selection, router, queryClient);
  installExternalLinkGuard({
    win: window,
    installedFromStore: () => readFlag(INSTALLED_FROM_STORE_KEY),
    onBlocked: (href) => notifyBlockedLink(href),
  });
  // Most deployments configure no third-party scripts: only those that do download the code that loads them.
  if (signedIn && config.thirdParty?.consentScriptUrl) {
    void import('./lib/third-party.ts')
      .then(({ startThirdParty }) => startThirdParty({ config, user: store.getState().user, win: window }))
      .catch((error: unknown) => logger.warn('Third-party scripts failed', error));
  }

  createRoot(container, { onCaughtError: reportCaughtError }).render(
    <StrictMode>
      <App
        services={{ config, auth, api, spaces, live }}
        queryClient={queryClient}
        router={router}
        signInError={error}
      />
    </StrictMode>,
  );
}

// The installed app's shell (index.html and the built files) comes from its cache; never in development.
if (import.meta.env.PROD) registerServiceWorker(window);

const container = document.getElementById('root');
if (container) {
  boot(container).catch((error: unknown) => {
    console.error('The app could not start', error);
    createRoot(container).render(<ErrorPage kind="generic" />);
  });
}
