import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { INSTALLED_FROM_STORE_KEY } from './lib/local-flags.ts';
import { ada, at, renderApp } from './test/app-harness.tsx';

afterEach(() => {
  window.dataLayer = [];
});

const renderAt = (path: string, user: typeof ada | null = ada) => renderApp(path, { user });

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
    expect(await screen.findByText('No devices yet')).toBeTruthy();
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

  it('answers Not Found for a UUID template id the space does not hold', async () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    const { api } = renderAt(`/templates/${id}/edit/`);
    expect(await screen.findByText('Not Found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Not Found | Tinkercloud'));
    const urls = api.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.includes('template'))).toEqual([`/storage/template/v1/${id}`]);
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
