import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { AppConfig } from '@tinkercloud/shared';
import { NotFound } from './components/NotFound.tsx';
import { PageLoader } from './components/PageLoader.tsx';
import { RouteError } from './components/RouteError.tsx';
import type { SpacesService } from './features/spaces/spaces-service.ts';
import { pushPageview } from './lib/analytics.ts';
import type { ApiRequest } from './lib/api.ts';
import type { Auth } from './lib/auth/auth-service.ts';
import { pageTitle } from './lib/title.ts';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  auth: Auth;
  api: ApiRequest;
  queryClient: QueryClient;
  config: AppConfig;
  spaces: SpacesService;
}

export function createAppRouter(context: RouterContext, options: { viewTransitions?: boolean } = {}) {
  const router = createRouter({
    routeTree,
    context,
    // The locally persisted `enable-view-transition` flag (spec section 3), read at start.
    defaultViewTransition: options.viewTransitions ?? false,
    defaultPreload: 'intent',
    // Route loaders read through TanStack Query, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 200,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    // The spec's paths end with a slash (/devices/); links and redirects produce that form too.
    trailingSlash: 'always',
    scrollRestoration: true,
  });

  router.subscribe('onResolved', ({ toLocation }) => {
    const { matches } = router.state;
    const notFound = matches.some((match) => match.status === 'notFound');
    const titled = matches.findLast((match) => match.staticData.title);
    document.title = pageTitle(notFound ? 'Not Found' : titled?.staticData.title, context.config.productName);
    pushPageview(window, toLocation.pathname);
  });

  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page name in `{Page} | {productName}`. */
    title?: string;
  }
}
