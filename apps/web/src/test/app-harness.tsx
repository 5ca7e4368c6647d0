import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { type AppConfig, type Recap, type Space, toErrorBody } from '@tinkercloud/shared';
import { vi } from 'vitest';
import { ServicesProvider } from '../app/services.tsx';
import type { LiveSource } from '../features/iot/live/live-events.ts';
import type { BrandedDeployment } from '../features/spaces/model/selection.ts';
import { installSpaceChangeHandler } from '../features/spaces/space-change.ts';
import { createSpacesService } from '../features/spaces/spaces-service.ts';
import { ApiError, type ApiRequest, type RequestOptions } from '../lib/api.ts';
import type { Auth } from '../lib/auth/auth-service.ts';
import { createAuthStore } from '../lib/auth/auth-store.ts';
import { EMPTY_USER, type TokenUser } from '../lib/auth/token-user.ts';
import { createSpaceSelection } from '../lib/space-selection.ts';
import { createAppRouter } from '../router.tsx';

export const testConfig = {
  productName: 'Tinkercloud',
  productSlug: 'tinkercloud',
  version: '2.6.13',
  publicUrl: 'http://localhost:3000',
  hosts: {
    api: '',
    customization: '/customization',
    provisioning: '',
    boards: '',
    ota: '',
    storage: '',
    create: '',
    status: '/status',
  },
  oidc: {
    authority: 'http://localhost:3000/auth',
    clientId: 'web',
    audience: 'http://localhost:3000/api',
    scope: 'openid',
    claimsNamespace: 'http://localhost:3000/claims/',
  },
  embeddedIdp: true,
  devOutboxUrl: null,
} satisfies AppConfig;

export const ada: TokenUser = {
  ...EMPTY_USER,
  sub: 's1',
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  email_verified: true,
};

export function space(partial: Partial<Space> & Pick<Space, 'id' | 'name' | 'space'>): Space {
  return {
    plan_id: null,
    plan_name: null,
    plan_seats: null,
    members: 3,
    roles: [],
    country: 'IT',
    type: '',
    logo: null,
    second_logo: null,
    ...partial,
  };
}

export function recap(plans: string[] = []): Recap {
  return {
    plans,
    usage: {
      cloud_things: 1,
      cloud_api_clients: 0,
      create_disk_sketches: 1024,
      create_compilation_day: 3,
      devices: 1,
      lora_devices: 0,
    },
    limits: {
      cloud_things: 2,
      create_sketches_disk: 100 * 1024 * 1024,
      create_compilation_day: 25,
      cloud_api: null,
      cloud_triggers: 0,
      ota: false,
      foundries: false,
      edge_impulse: false,
    },
  };
}

export const notFoundError = () =>
  new ApiError(toErrorBody({ code: 'not_found', detail: 'Not found', status: 404 }));

export type Handler = (url: string, options: RequestOptions) => unknown;

export interface AppOptions {
  user?: TokenUser | null;
  organizations?: Space[];
  /** Plans per space id (my-cloud for My Cloud); missing means no paid plan. */
  plans?: Record<string, string[]>;
  branded?: BrandedDeployment | null;
  config?: Partial<AppConfig>;
  /** Consulted first; return undefined to fall through to the defaults. */
  handle?: Handler;
  /** The stored selection (the cookie). */
  selectedId?: string;
  accessToken?: string;
  /** The live event stream; without one, live pages poll. */
  live?: LiveSource;
}

/** Renders the whole app at a path with a fake API; returns what tests need to look inside. */
export function renderApp(path: string, options: AppOptions = {}) {
  const config = { ...testConfig, ...options.config } as AppConfig;
  window.__APP_CONFIG__ = config;
  const store = createAuthStore();
  store.setUser(options.user === undefined ? ada : options.user);
  const auth = {
    store,
    start: vi.fn(),
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    getAccessToken: vi.fn(async () => options.accessToken ?? 'tok'),
    tokenRefused: vi.fn(async () => null),
    holdWork: vi.fn(() => () => undefined),
    signInByPopup: vi.fn(async () => {
      throw new Error('no popup in page tests');
    }),
  } satisfies Auth;
  const organizations = options.organizations ?? [];
  const api = vi.fn(async (url: string, requestOptions: RequestOptions = {}) => {
    const custom = await options.handle?.(url, requestOptions);
    if (custom !== undefined) return custom;
    if (url.startsWith('/status'))
      return { status: { indicator: 'none', description: 'All Systems Operational' } };
    if (url === '/classroom/v1/organizations') return { organizations };
    if (url === '/classroom/v1/invitations') return { invitations: [] };
    if (url === '/restrictions/v1/recap/me')
      return recap(options.plans?.[requestOptions.organization ?? 'my-cloud'] ?? []);
    if (url.includes('/settings')) return {};
    // The bell of every signed-in page: no notifications.
    if (url === '/notifications') return { notifications: [], unread: 0 };
    if (url.startsWith('/customization/')) throw notFoundError();
    if (url === '/iot/v2/devices/d1') return { id: 'd1', name: 'Greenhouse sensor' };
    if (url === '/iot/v2/devices' || url === '/iot/v2/things' || url === '/iot/v2/dashboards') return [];
    // An empty space's group lists (features/lists): no folders, no items.
    if (/^\/groups\/v1\/(devices|things|dashboards|sketches|triggers)(\?|$)/.test(url))
      return { folders: [], items: [] };
    // No templates: an empty catalogue and an empty space.
    if (url === '/templates/v1/builtin' || url === '/storage/template/v1/list') return { templates: [] };
    if (url.startsWith('/iot/')) throw notFoundError();
    if (url.startsWith('/users/v1/users/byID/'))
      return {
        id: 'u1',
        username: 'ada',
        avatar: '',
        birthday: null,
        confirmed: true,
        created: '',
        name: 'Ada Lovelace',
      };
    throw notFoundError();
  }) as unknown as ApiRequest & ReturnType<typeof vi.fn>;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const selection = createSpaceSelection();
  if (options.selectedId) selection.select(options.selectedId);
  const spaces = createSpacesService({
    api,
    config,
    queryClient,
    selection,
    branded: options.branded ?? null,
  });
  const router = createAppRouter({ auth, api, queryClient, config, spaces });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  const uninstall = installSpaceChangeHandler(selection, router, queryClient);
  const view = render(
    <ServicesProvider
      services={{ config, auth, api, spaces, ...(options.live ? { live: options.live } : {}) }}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  view.unmount = ((original) => () => {
    uninstall();
    original();
  })(view.unmount);
  return { router, auth, api, queryClient, spaces, selection, view };
}

export const at = (router: ReturnType<typeof createAppRouter>) =>
  `${router.state.location.pathname}${router.state.location.searchStr}`;
