import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MY_CLOUD_SPACE_ID } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { readCookie } from '../lib/cookies.ts';
import { SELECTED_SPACE_COOKIE } from '../lib/space-selection.ts';
import { ada, at, renderApp, space } from '../test/app-harness.tsx';
import { setTestCookie } from '../test/cookies.ts';

const school = (roles: string[]) => space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles });
const team = (roles: string[]) => space({ id: 'pro1', name: 'Acme Team', space: 'pro', roles });

/** The sidebar's groups as lists of link labels (badges and markers left out). */
async function navGroups() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return Array.from(nav.querySelectorAll('ul')).map((ul) =>
    Array.from(ul.querySelectorAll('a')).map((a) => a.childNodes[0]?.textContent),
  );
}

const EVERYDAY = [['Home'], ['Sketches'], ['Devices', 'Things', 'Dashboards', 'Triggers'], ['Templates']];

describe('sidebar per kind of user', () => {
  it('adult in My Cloud: every group but Space Settings, paid marker, free-plan banner, no selector', async () => {
    renderApp('/');
    await waitFor(async () =>
      expect(await navGroups()).toEqual([
        ...EVERYDAY,
        ['Resources', 'Courses'],
        ['Integrations'],
        ['Plan Usage'],
      ]),
    );
    expect(await screen.findByTestId('paid-marker')).toBeTruthy();
    expect(await screen.findByTestId('free-plan-banner')).toBeTruthy();
    expect(screen.getByText('SEE PLANS')).toBeTruthy();
    expect(screen.queryByTestId('space-selector')).toBeNull();
    expect(await screen.findByTestId('upgrade-link')).toBeTruthy();
  });

  it('adult with a paid plan: no paid marker, no banner, no upgrade with Maker Plus', async () => {
    renderApp('/', { plans: { 'my-cloud': ['create-maker-plus'] } });
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(screen.queryByTestId('free-plan-banner')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('paid-marker')).toBeNull();
    expect(screen.queryByTestId('upgrade-link')).toBeNull();
  });

  it('minor: Home, Sketches and Courses only, and the minor banner', async () => {
    renderApp('/', { user: { ...ada, is_minor: true } });
    await waitFor(async () => expect(await navGroups()).toEqual([['Home'], ['Sketches'], ['Courses']]));
    expect(await screen.findByText('JOIN SHARED SPACE')).toBeTruthy();
    expect(screen.queryByTestId('free-plan-banner')).toBeNull();
  });

  it('edu admin: Courses and Space Settings, the selector, the free-plan banner', async () => {
    renderApp('/', { organizations: [school(['role:edu-admin'])], selectedId: 'edu1' });
    await waitFor(async () =>
      expect(await navGroups()).toEqual([
        ...EVERYDAY,
        ['Resources', 'Courses'],
        ['Integrations'],
        ['Space Settings', 'Plan Usage'],
      ]),
    );
    expect(screen.getByTestId('space-selector').textContent).toContain('Hilltop School');
    expect(await screen.findByTestId('free-plan-banner')).toBeTruthy();
  });

  for (const [kind, roles, lastGroup] of [
    ['teacher', ['role:edu-teacher'], ['Space Settings', 'Plan Usage']],
    // Students may not read the plan recap, so Plan Usage is not offered to them.
    ['student', ['role:edu-student'], ['Space Settings']],
  ] as const) {
    it(`edu ${kind}: the space's links, no free-plan banner`, async () => {
      const { api } = renderApp('/', { organizations: [school([...roles])], selectedId: 'edu1' });
      await waitFor(async () => expect((await navGroups()).at(-1)).toEqual([...lastGroup]));
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId('free-plan-banner')).toBeNull();
      // The recap is asked only by those who may read it: a student would only earn a 403.
      const askedRecap = api.mock.calls.some(([url]) => url === '/restrictions/v1/recap/me');
      expect(askedRecap).toBe(kind === 'teacher');
    });
  }

  it('pro admin: no Courses, Space Settings, an upgrade to the team plan', async () => {
    renderApp('/', { organizations: [team(['role:pro-admin'])], selectedId: 'pro1' });
    await waitFor(async () =>
      expect(await navGroups()).toEqual([
        ...EVERYDAY,
        ['Resources'],
        ['Integrations'],
        ['Space Settings', 'Plan Usage'],
      ]),
    );
    // No store: the app's Plans page, at the team plan (the operator gives plans there).
    expect((await screen.findByTestId('upgrade-link')).getAttribute('href')).toBe(
      '/plans/?plan=cloud-enterprise',
    );
    expect(screen.queryByTestId('free-plan-banner')).toBeNull();
  });

  it('pro editor: no account settings or billing in the user menu', async () => {
    renderApp('/', {
      organizations: [team(['role:pro-editor'])],
      selectedId: 'pro1',
      config: {
        links: {
          store: 'https://store.example',
          account: 'https://id.example/account',
          statusPage: null,
          privacy: null,
          terms: null,
          security: null,
        },
      },
    });
    await waitFor(async () => expect((await navGroups()).at(-2)).toEqual(['Integrations']));
    const menu = screen.getByRole('menu', { hidden: true });
    expect(within(menu).queryByText('Account settings')).toBeNull();
    expect(within(menu).queryByText('Billing and subscriptions')).toBeNull();
    expect(within(menu).getByText('Account')).toBeTruthy();
    expect(within(menu).getByText('API Keys')).toBeTruthy();
  });

  it('adult sees account settings and billing on the store site', async () => {
    renderApp('/', {
      config: {
        links: {
          store: 'https://store.example',
          account: 'https://id.example/account',
          statusPage: 'https://status.example',
          privacy: 'https://legal.example/privacy',
          terms: null,
          security: null,
        },
      },
    });
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByText('Billing and subscriptions').getAttribute('href')).toBe(
      'https://store.example/subscriptions/plans',
    );
    expect(within(menu).getByText('Account settings').getAttribute('href')).toBe(
      'https://id.example/account',
    );
    expect(within(menu).getByText('Status page').getAttribute('href')).toBe('https://status.example');
  });

  it('minor: the status page link is disabled and the policies open in a frame', async () => {
    renderApp('/', {
      user: { ...ada, is_minor: true },
      config: {
        links: {
          store: 'https://store.example',
          account: 'https://id.example/account',
          statusPage: 'https://status.example',
          privacy: 'https://legal.example/privacy',
          terms: 'https://legal.example/terms',
          security: null,
        },
      },
    });
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByText('Status page').getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).queryByText('Account')).toBeNull();
    expect(within(menu).queryByText('API Keys')).toBeNull();
    fireEvent.click(within(menu).getByText('Privacy, Terms & Security'));
    const frame = await screen.findByTitle('Privacy');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://legal.example/privacy');
  });

  it('adult: the policies are links', async () => {
    renderApp('/', {
      config: {
        links: {
          store: null,
          account: null,
          statusPage: null,
          privacy: 'https://legal.example/privacy',
          terms: 'https://legal.example/terms',
          security: 'https://legal.example/security',
        },
      },
    });
    fireEvent.click(await screen.findByText('Privacy, Terms & Security'));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy, Terms & Security' });
    expect(within(dialog).getByText('Terms').getAttribute('href')).toBe('https://legal.example/terms');
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('branded deployment with My Cloud: only Home, no banners, no API keys', async () => {
    renderApp('/', { branded: { organizationId: 'org-x', organizationName: 'Acme' } });
    await waitFor(async () => expect(await navGroups()).toEqual([['Home']]));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('free-plan-banner')).toBeNull();
    expect(screen.queryByText('API Keys')).toBeNull();
  });

  it('branded deployment with its organisation: that space only, its name in the header', async () => {
    renderApp('/', {
      organizations: [team(['role:pro-admin']), school(['role:edu-admin'])],
      branded: { organizationId: 'pro1', organizationName: 'Acme Team' },
    });
    await waitFor(async () => expect((await navGroups()).at(-1)).toEqual(['Space Settings', 'Plan Usage']));
    expect(screen.queryByTestId('space-selector')).toBeNull();
    expect(screen.getByTestId('space-brand').textContent).toBe('Acme Team');
  });

  it('shows the horizontal logo in the header unless the user hid it', async () => {
    const withLogo = space({
      id: 'pro1',
      name: 'Acme Team',
      space: 'pro',
      roles: ['role:pro-admin'],
      second_logo: '/media/v1/logos/pro1-second.png',
    });
    const branded = { organizationId: 'pro1', organizationName: 'Acme Team' };
    const first = renderApp('/', { organizations: [withLogo], branded });
    await waitFor(() => expect(screen.getByTestId('space-brand').tagName).toBe('IMG'));
    first.view.unmount();
    setTestCookie('tc_hidden_logos=pro1; path=/');
    renderApp('/', { organizations: [withLogo], branded });
    await waitFor(() => expect(screen.getByTestId('space-brand').textContent).toBe('Acme Team'));
  });

  it('drops the NEW badge of Templates once clicked', async () => {
    renderApp('/');
    const link = await screen.findByRole('link', { name: /Templates/ });
    expect(link.textContent).toContain('NEW');
    fireEvent.click(link);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Templates/ }).textContent).toBe('Templates'),
    );
  });

  it('shows a Back to Home header in the Space Settings sub-menu', async () => {
    renderApp('/members/', { organizations: [team(['role:pro-admin'])], selectedId: 'pro1' });
    expect(await screen.findByRole('link', { name: 'Back to Home' })).toBeTruthy();
    await waitFor(async () =>
      expect(await navGroups()).toEqual([
        ['General', 'Members', 'Roles & Permissions', 'Branding', 'Plan Usage'],
      ]),
    );
    expect(screen.queryByTestId('space-selector')).toBeNull();
  });

  it('keeps Plan Usage an ordinary page in My Cloud', async () => {
    renderApp('/plan-usage/');
    await screen.findByRole('heading', { name: 'Plan Usage' });
    expect(screen.queryByRole('link', { name: 'Back to Home' })).toBeNull();
  });
});

describe('space selector', () => {
  it('lists up to 3 spaces inline and stores the choice in the cookie', async () => {
    const { router } = renderApp('/', {
      organizations: [school(['role:edu-admin']), team(['role:pro-admin'])],
    });
    const selector = await screen.findByTestId('space-selector');
    expect(selector.textContent).toContain('My Cloud');
    fireEvent.click(selector);
    fireEvent.click(screen.getByRole('button', { name: /Acme Team/ }));
    await waitFor(() => expect(screen.getByTestId('space-selector').textContent).toContain('Acme Team'));
    expect(readCookie(SELECTED_SPACE_COOKIE)).toBe('pro1');
    expect(at(router)).toBe('/');
  });

  it("uses the 'Switch space' dialog above 3 spaces", async () => {
    const orgs = [1, 2, 3, 4].map((n) =>
      space({ id: `o${n}`, name: `Org ${n}`, space: 'edu', roles: ['role:edu-admin'] }),
    );
    renderApp('/', { organizations: orgs, selectedId: MY_CLOUD_SPACE_ID });
    fireEvent.click(await screen.findByTestId('space-selector'));
    const dialog = await screen.findByRole('dialog', { name: 'Switch space' });
    expect(within(dialog).getAllByRole('button', { pressed: false }).length).toBeGreaterThanOrEqual(4);
    fireEvent.click(within(dialog).getByRole('button', { name: /Org 3/ }));
    await waitFor(() => expect(screen.getByTestId('space-selector').textContent).toContain('Org 3'));
    expect(screen.queryByRole('dialog', { name: 'Switch space' })).toBeNull();
  });

  it('falls back to My Cloud for an unknown stored id', async () => {
    renderApp('/', { organizations: [school(['role:edu-admin'])], selectedId: 'gone' });
    await waitFor(() => expect(screen.getByTestId('space-selector').textContent).toContain('My Cloud'));
  });

  it('sends a device page to /devices/ and a template page to custom templates on a change', async () => {
    const orgs = [school(['role:edu-admin'])];
    const { router, selection } = renderApp('/devices/d1/', { organizations: orgs });
    await screen.findByRole('heading', { name: 'Greenhouse sensor' });
    act(() => selection.select('edu1'));
    await waitFor(() => expect(at(router)).toBe('/devices/'));
  });

  it('re-runs the guards on a change: a members page in a space left for My Cloud goes home', async () => {
    const { router, selection } = renderApp('/members/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
    });
    await screen.findByRole('heading', { name: 'Members' });
    act(() => selection.select(MY_CLOUD_SPACE_ID));
    await waitFor(() => expect(at(router)).toBe('/'));
  });
});

describe('narrow screens', () => {
  it('at 768 px and below the sidebar waits behind the menu button, as a dialog', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 768px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      renderApp('/');
      const open = await screen.findByRole('button', { name: 'Open menu' });
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      fireEvent.click(open);
      const dialog = await screen.findByRole('dialog', { name: 'Menu' });
      expect(within(dialog).getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(open.getAttribute('aria-expanded')).toBe('true');
    } finally {
      window.matchMedia = original;
    }
  });
});
