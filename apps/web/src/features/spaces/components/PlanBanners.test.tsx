import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INSTALLED_FROM_STORE_KEY } from '@/lib/local-flags.ts';
import { ada, renderApp, space } from '@/test/app-harness.tsx';

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('banners (spec 2.5, 4.4)', () => {
  it('links SEE PLANS to the store plans when a store is configured', async () => {
    renderApp('/', {
      config: {
        links: {
          store: 'https://store.example',
          account: null,
          statusPage: null,
          privacy: null,
          terms: null,
          security: null,
        },
      },
    });
    expect((await screen.findByText('SEE PLANS')).getAttribute('href')).toBe(
      'https://store.example/subscriptions/plans',
    );
  });

  it('hides the free-plan banner in the store-installed app', async () => {
    localStorage.setItem(INSTALLED_FROM_STORE_KEY, 'true');
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main' });
    await settle();
    expect(screen.queryByTestId('free-plan-banner')).toBeNull();
  });

  it('hides the minor banner in a branded deployment and once the minor has a shared space', async () => {
    const minor = { ...ada, is_minor: true };
    const branded = renderApp('/', { user: minor, branded: { organizationId: 'x', organizationName: 'X' } });
    await screen.findByRole('navigation', { name: 'Main' });
    await settle();
    expect(screen.queryByTestId('minor-banner')).toBeNull();
    branded.view.unmount();
    renderApp('/', {
      user: minor,
      organizations: [space({ id: 'edu1', name: 'School', space: 'edu', roles: ['role:edu-student'] })],
    });
    await screen.findByTestId('space-selector');
    await settle();
    expect(screen.queryByTestId('minor-banner')).toBeNull();
  });

  it('sends JOIN SHARED SPACE to the join flow', async () => {
    renderApp('/', { user: { ...ada, is_minor: true } });
    const link = await screen.findByText('JOIN SHARED SPACE');
    expect(link.getAttribute('href')).toBe('/?join-space=yes');
  });
});
