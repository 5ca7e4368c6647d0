import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdmin } from '@/features/admin/testing/fake-admin.ts';
import { ada, at, renderApp } from '@/test/app-harness.tsx';

/** Opens the user menu (a <details>) as a click on its summary does. */
async function openMenu() {
  const summary = await screen.findByTestId('user-menu');
  const details = summary.closest('details') as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return screen.getByRole('menu', { hidden: true });
}

describe('user menu: Admin', () => {
  it('offers Admin to an operator once the menu opens, and leads to the console', async () => {
    const fake = fakeAdmin();
    const { router } = renderApp('/', { handle: fake.handle });
    await screen.findByTestId('user-menu');
    // Nothing is asked (or loaded) for it before the menu opens.
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.called('GET', /\/users\/v1\/me\/operator$/)).toHaveLength(0);
    const menu = await openMenu();
    const admin = await within(menu).findByRole('menuitem', { name: 'Admin', hidden: true });
    expect(admin.getAttribute('href')).toBe('/admin/');
    fireEvent.click(admin);
    await waitFor(() => expect(at(router)).toBe('/admin/'));
    expect(await screen.findByRole('heading', { name: 'Admin: Users', level: 1 })).toBeTruthy();
    // Read once for the session: the console's check used the menu's answer.
    expect(fake.called('GET', /\/users\/v1\/me\/operator$/)).toHaveLength(1);
  });

  it('hides Admin from a non-operator', async () => {
    const fake = fakeAdmin({ operator: false });
    renderApp('/', { handle: fake.handle });
    const menu = await openMenu();
    await waitFor(() => expect(fake.called('GET', /\/users\/v1\/me\/operator$/)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(menu).queryByRole('menuitem', { name: 'Admin', hidden: true })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Log out', hidden: true })).toBeTruthy();
  });

  it('never offers Admin to a minor, nor asks the server', async () => {
    const fake = fakeAdmin();
    renderApp('/', { handle: fake.handle, user: { ...ada, is_minor: true } });
    const menu = await openMenu();
    await new Promise((r) => setTimeout(r, 100));
    expect(within(menu).queryByRole('menuitem', { name: 'Admin', hidden: true })).toBeNull();
    expect(fake.called('GET', /\/users\/v1\/me\/operator$/)).toHaveLength(0);
  });
});
