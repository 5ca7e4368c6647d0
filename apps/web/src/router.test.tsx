import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { type AppConfig, toErrorBody } from '@tinkercloud/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from './app/services.tsx';
import { ApiError, type ApiRequest } from './lib/api.ts';
import type { Auth } from './lib/auth/auth-service.ts';
import { createAuthStore } from './lib/auth/auth-store.ts';
import { EMPTY_USER, type TokenUser } from './lib/auth/token-user.ts';
import { INSTALLED_FROM_STORE_KEY } from './lib/local-flags.ts';
import { createAppRouter } from './router.tsx';

const config = {
  productName: 'Tinkercloud',
  productSlug: 'tinkercloud',
  version: '2.6.13',
  publicUrl: 'http://localhost:3000',
  hosts: {
    api: '',
    customization: '',
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

const KNOWN_TEMPLATE = '123e4567-e89b-12d3-a456-426614174000';

const ada: TokenUser = { ...EMPTY_USER, sub: 's1', id: 'u1', name: 'Ada Lovelace', email_verified: true };

beforeAll(() => {
  window.__APP_CONFIG__ = config;
});

afterEach(() => {
  window.dataLayer = [];
});

function renderAt(path: string, user: TokenUser | null = ada) {
  const store = createAuthStore();
  store.setUser(user);
  const auth = {
    store,
    start: vi.fn(),
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    getAccessToken: vi.fn(async () => 'tok'),
  } satisfies Auth;
  const api = vi.fn(async (url: string) => {
    if (url.startsWith('/status'))
      return { status: { indicator: 'none', description: 'All Systems Operational' } };
    if (url.includes('/settings')) return {};
    if (url === '/iot/v2/devices/d1') return { id: 'd1', name: 'Greenhouse sensor' };
    if (url === `/template/v1/${KNOWN_TEMPLATE}`) return { id: KNOWN_TEMPLATE, title: 'Weather station' };
    if (url.startsWith('/iot/') || url.startsWith('/template/')) {
      throw new ApiError(toErrorBody({ code: 'not_found', detail: 'Not found', status: 404 }));
    }
    return {
      id: 'u1',
      username: 'ada',
      avatar: '',
      birthday: null,
      confirmed: true,
      created: '',
      name: 'Ada Lovelace',
    };
  }) as unknown as ApiRequest;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ auth, api, queryClient, config });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <ServicesProvider services={{ config, auth, api }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { router, auth };
}

const at = (router: ReturnType<typeof createAppRouter>) =>
  `${router.state.location.pathname}${router.state.location.searchStr}`;

describe('routing', () => {
  it('greets the signed-in user on Home, titles the page and records a pageview', async () => {
    const { router } = renderAt('/');
    expect(await screen.findByText('Welcome, Ada Lovelace!')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home | Tinkercloud'));
    expect(window.dataLayer).toContainEqual({ event: 'pageview', path: '/' });
    expect(at(router)).toBe('/');
  });

  it('shows the guard message and starts sign-in with the current path when signed out', async () => {
    const { auth } = renderAt('/devices/?forcesearch=true', null);
    expect(await screen.findByText('You must be logged in to access this page.')).toBeTruthy();
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('/devices/?forcesearch=true'));
  });

  it('renders a sidebar page with its title and empty state', async () => {
    renderAt('/devices/');
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeTruthy();
    expect(screen.getByText('No devices yet')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Devices | Tinkercloud'));
    expect(screen.getByRole('link', { name: /Templates/ }).textContent).toContain('NEW');
    // Links use the spec's trailing-slash form.
    expect(screen.getByRole('link', { name: 'Things' }).getAttribute('href')).toBe('/things/');
  });

  it('redirects unknown routes, /trash and /allitems home', async () => {
    for (const path of ['/no/such/page', '/trash/', '/allitems?folder=f1']) {
      const { router } = renderAt(path);
      await waitFor(() => expect(at(router)).toBe('/'));
    }
  });

  it('sends /templates without a tab to the product tab in My Cloud', async () => {
    const { router } = renderAt('/templates/');
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'tinkercloud' }));
    expect(await screen.findByText('No templates yet')).toBeTruthy();
  });

  it('answers Not Found for a template id that is not a UUID', async () => {
    renderAt('/templates/weather-station/');
    expect(await screen.findByText('Not Found')).toBeTruthy();
    // Inside the header layout, titled as not found.
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Not Found | Tinkercloud'));
  });

  it('opens a template with a UUID id in the header layout', async () => {
    renderAt(`/templates/${KNOWN_TEMPLATE}/edit/`);
    expect(await screen.findByText('Template editing is not available yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('answers Not Found for a template that does not load', async () => {
    renderAt('/templates/00000000-0000-4000-8000-000000000000/');
    expect(await screen.findByText('Not Found')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Not Found | Tinkercloud'));
  });

  it('loads the device and shows its name', async () => {
    renderAt('/devices/d1/');
    expect(await screen.findByRole('heading', { name: 'Greenhouse sensor' })).toBeTruthy();
  });

  it('answers Not Found for a device that does not load', async () => {
    renderAt('/devices/nope/');
    expect(await screen.findByText('Not Found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Not Found | Tinkercloud'));
  });

  it('shows the device graph ranges and falls back to 1 day', async () => {
    renderAt('/devices/d1?graph=bogus');
    expect(await screen.findByText('15 days')).toBeTruthy();
    expect(screen.getByText('1 days').getAttribute('aria-current')).toBe('true');
  });

  it('sends /registration to /courses with the info message', async () => {
    const { router } = renderAt('/registration/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/'));
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Kit registration is no longer necessary. You can access your courses directly.',
      ),
    ).toBeTruthy();
  });

  it('sets the store flag on /chrome-app and goes home', async () => {
    const { router } = renderAt('/chrome-app');
    await waitFor(() => expect(at(router)).toBe('/'));
    expect(localStorage.getItem(INSTALLED_FROM_STORE_KEY)).toBe('true');
  });

  it('keeps minors to Home, Sketches and Courses', async () => {
    const { router } = renderAt('/devices', { ...ada, is_minor: true });
    await waitFor(() => expect(at(router)).toBe('/'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(['Home', 'Sketches', 'Courses']);
  });

  it('starts a minor sign-in on /minors, or goes home when signed in', async () => {
    const signedOut = renderAt('/minors', null);
    await waitFor(() => expect(signedOut.auth.login).toHaveBeenCalledWith('/', { is_minor: '1' }));
    const signedIn = renderAt('/minors');
    await waitFor(() => expect(at(signedIn.router)).toBe('/'));
  });

  it('re-runs the guard when the user signs out', async () => {
    const { router, auth } = renderAt('/things');
    expect(await screen.findByText('No things yet')).toBeTruthy();
    await act(async () => {
      auth.store.setUser(null);
      await router.invalidate();
    });
    expect(await screen.findByText('You must be logged in to access this page.')).toBeTruthy();
  });
});
