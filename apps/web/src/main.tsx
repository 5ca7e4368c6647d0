import './styles/base.css';
import './styles/shell.css';
import './styles/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ErrorPage } from './components/ErrorPage.tsx';
import { pushDataLayer } from './lib/analytics.ts';
import { createApiClient } from './lib/api.ts';
import { getAppConfig } from './lib/app-config.ts';
import { createAuth } from './lib/auth/auth-service.ts';
import { createAuthStore } from './lib/auth/auth-store.ts';
import { createUserManager } from './lib/auth/user-manager.ts';
import { installChunkReloadHandler } from './lib/chunk-reload.ts';
import { createQueryClient } from './lib/query-client.ts';
import { publicOriginRedirect } from './lib/urls.ts';
import { createAppRouter } from './router.tsx';

async function boot(container: HTMLElement) {
  const config = getAppConfig();
  const elsewhere = publicOriginRedirect(window.location.href, config.publicUrl);
  if (elsewhere) {
    window.location.replace(elsewhere);
    return;
  }
  installChunkReloadHandler(window);

  const queryClient = createQueryClient();
  const store = createAuthStore({
    // Only the id: the e-mail waits for the consent handling the analytics issue brings.
    onAuthenticated: (user) => pushDataLayer(window, { event: 'authenticated', user_id: user.id }),
  });
  const userManager = createUserManager(config, window.location.origin, window.sessionStorage);
  const auth = createAuth({ userManager, store, config, queryClient, window });
  const { error } = await auth.start();

  const api = createApiClient({ getAccessToken: auth.getAccessToken });
  const router = createAppRouter({ auth, api, queryClient, config });
  // Signing in or out elsewhere (renewal failure, logout) re-runs the route guards.
  store.subscribe(() => void router.invalidate());

  createRoot(container).render(
    <StrictMode>
      <App services={{ config, auth, api }} queryClient={queryClient} router={router} signInError={error} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) {
  boot(container).catch((error: unknown) => {
    console.error('The app could not start', error);
    createRoot(container).render(<ErrorPage kind="generic" />);
  });
}
