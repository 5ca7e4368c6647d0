import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderApp } from '@/test/app-harness.tsx';
import { fakeAdmin, sampleUsers } from './testing/fake-admin.ts';

const rows = () => screen.getAllByTestId('admin-user-row');
const usernames = () => rows().map((row) => within(row).getByRole('rowheader').textContent);

async function openUser(username: string) {
  fireEvent.click(await screen.findByRole('button', { name: username }));
  return screen.findByRole('dialog', { name: `Account ${username}` });
}

describe('Admin: users', () => {
  it('lists every account with its facts; /admin/ opens on Users', async () => {
    const fake = fakeAdmin();
    fake.state.users = fake.state.users.map((u) =>
      u.id === 'u2'
        ? {
            ...u,
            plans: [{ id: 'create-maker', name: 'Maker', ends_at: '2027-03-01T23:59:59.000Z' }],
            disabled_at: '2026-02-01T00:00:00.000Z',
          }
        : u,
    );
    renderApp('/admin/', { handle: fake.handle });
    expect(await screen.findByRole('heading', { name: 'Admin: Users', level: 1 })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Users',
      'Spaces',
      'Plans',
      'Requests',
      'Health',
      'Audit log',
    ]);
    expect(tabs[0]?.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Newest accounts first by default.
    expect(usernames()).toEqual(['kid', 'grace', 'ada']);
    const grace = rows()[1] as HTMLElement;
    const cell = (label: string) => grace.querySelector(`[data-label="${label}"]`)?.textContent;
    expect(cell('E-mail')).toBe('grace@example.com');
    expect(cell('Name')).toBe('Grace Hopper');
    expect(cell('Plans')).toMatch(/^Maker until .*2027/);
    expect(cell('Spaces')).toBe('Hopper High (School)');
    expect(cell('Last sign-in')).toBe('Never');
    expect(cell('E-mail verified')).toBe('Not verified');
    expect(cell('Age')).toBe('Adult');
    expect(cell('Operator')).toBe('No');
    expect(cell('Status')).toBe('Disabled');
    expect((rows()[0] as HTMLElement).querySelector('[data-label="Age"]')?.textContent).toBe('Minor');
    expect((rows()[2] as HTMLElement).querySelector('[data-label="Operator"]')?.textContent).toBe('Operator');
    expect(screen.getByText(/Page 1 of 1 · 3 accounts/)).toBeTruthy();
  });

  it('searches once typing pauses, keeps the search in the address, and pages through thousands', async () => {
    const fake = fakeAdmin({ users: sampleUsers(60) });
    const { router } = renderApp('/admin/users/', { handle: fake.handle });
    await screen.findByText(/Page 1 of 3 · 63 accounts/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(at(router)).toBe('/admin/users/?page=2'));
    await screen.findByText(/Page 2 of 3/);
    expect(
      fake
        .called('GET', /^\/admin\/v1\/users$/)
        .at(-1)
        ?.query.get('page'),
    ).toBe('2');

    const box = screen.getByRole('searchbox', { name: 'Search accounts' });
    fireEvent.change(box, { target: { value: 'u' } });
    fireEvent.change(box, { target: { value: 'us' } });
    fireEvent.change(box, { target: { value: 'user05' } });
    await waitFor(() => expect(at(router)).toBe('/admin/users/?q=user05'));
    await waitFor(() =>
      expect(usernames()).toEqual([
        'user059',
        'user058',
        'user057',
        'user056',
        'user055',
        'user054',
        'user053',
        'user052',
        'user051',
        'user050',
      ]),
    );
    // One request for the pause, not one per key.
    const searches = fake.called('GET', /^\/admin\/v1\/users$/).map((c) => c.query.get('q'));
    expect(searches.filter((q) => q !== null)).toEqual(['user05']);

    fireEvent.click(screen.getByRole('button', { name: /^Username/ }));
    await waitFor(() => expect(at(router)).toBe('/admin/users/?q=user05&sort=username&order=asc'));
    await waitFor(() => expect(usernames()[0]).toBe('user050'));
    expect(screen.getByRole('columnheader', { name: /Username/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'email:desc' } });
    await waitFor(() => expect(at(router)).toBe('/admin/users/?q=user05&sort=email'));
    await waitFor(() => expect(usernames()[0]).toBe('user059'));
  });

  it('says when nothing matches, and reads a hand-edited address safely', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/users/?q=nobody&sort=bogus&page=-3', { handle: fake.handle });
    expect(await screen.findByText('No account matches “nobody”')).toBeTruthy();
    const call = fake.called('GET', /^\/admin\/v1\/users$/)[0];
    expect(call?.query.get('sort')).toBe('created');
    expect(call?.query.get('page')).toBe('1');
  });

  it('grants a plan with an end date and ends it after a confirmation', async () => {
    const fake = fakeAdmin();
    const { router } = renderApp('/admin/users/', { handle: fake.handle });
    const dialog = await openUser('grace');
    expect(at(router)).toBe('/admin/users/?user=u2');
    expect(within(dialog).getByText('No plan: the free tier.')).toBeTruthy();
    const plan = await within(dialog).findByLabelText('Plan');
    // Only the plans an account can hold.
    expect([...(plan as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Tinkercloud',
      'Entry',
      'Maker',
      'Maker Plus',
    ]);
    fireEvent.change(plan, { target: { value: 'create-maker' } });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2027-06-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant Maker' }));
    expect(await screen.findByText('Maker granted to grace')).toBeTruthy();
    const body = fake.called('POST', /\/users\/u2\/plans$/)[0]?.body as { plan_id: string; ends_at: string };
    expect(body.plan_id).toBe('create-maker');
    expect(new Date(body.ends_at).getDate()).toBe(30);
    expect(await within(dialog).findByText(/^Maker until/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'End Maker' }));
    const confirm = await screen.findByRole('dialog', { name: 'End Maker for grace?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const back = await screen.findByRole('dialog', { name: 'Account grace' });
    expect(fake.called('DELETE', /plans/)).toHaveLength(0);
    fireEvent.click(within(back).getByRole('button', { name: 'End Maker' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'End Maker for grace?' })).getByRole('button', {
        name: 'End plan',
      }),
    );
    expect(await screen.findByText('Maker ended for grace')).toBeTruthy();
    expect(fake.called('DELETE', /\/users\/u2\/plans\/create-maker$/)).toHaveLength(1);
    const after = await screen.findByRole('dialog', { name: 'Account grace' });
    expect(within(after).getByText('No plan: the free tier.')).toBeTruthy();
  });

  it('disables and enables, marks the e-mail verified, sends a reset link, makes an operator', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/users/?user=u2', { handle: fake.handle });
    let dialog = await screen.findByRole('dialog', { name: 'Account grace' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    let confirm = await screen.findByRole('dialog', { name: 'Disable grace?' });
    // Escape keeps everything.
    fireEvent.keyDown(confirm, { key: 'Escape' });
    dialog = await screen.findByRole('dialog', { name: 'Account grace' });
    expect(fake.called('POST', /disable$/)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    confirm = await screen.findByRole('dialog', { name: 'Disable grace?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('grace disabled')).toBeTruthy();
    dialog = await screen.findByRole('dialog', { name: 'Account grace' });
    expect(within(dialog).getByText(/^Disabled since/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable account' }));
    expect(await screen.findByText('grace enabled')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark e-mail verified' }));
    expect(await screen.findByText('E-mail of grace marked verified')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Mark e-mail verified' })).toBeNull(),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send password-reset link' }));
    expect(await screen.findByText('Password-reset link sent to grace@example.com')).toBeTruthy();
    expect(fake.called('POST', /\/users\/u2\/password-reset$/)).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Make operator' }));
    confirm = await screen.findByRole('dialog', { name: 'Make grace an operator?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Make operator' }));
    expect(await screen.findByText('grace is now an operator')).toBeTruthy();
    expect(fake.called('PUT', /\/users\/u2\/operator$/)[0]?.body).toEqual({ operator: true });
  });

  it("shows the API's reason when an action is refused, and keeps the detail", async () => {
    const fake = fakeAdmin();
    fake.failNext('POST', /\/users\/u2\/disable$/, 'grace is the last admin of Hopper High');
    renderApp('/admin/users/?user=u2', { handle: fake.handle });
    const dialog = await screen.findByRole('dialog', { name: 'Account grace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable grace?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable account' }));
    // A 409 says what clashed, in the server's words, without a "Network Error" prefix.
    expect(await screen.findByText('grace is the last admin of Hopper High')).toBeTruthy();
    // The confirmation stays for another try or Cancel.
    expect(screen.getByRole('dialog', { name: 'Disable grace?' })).toBeTruthy();
  });

  it('deletes an account after a confirmation that names it', async () => {
    const fake = fakeAdmin();
    const { router } = renderApp('/admin/users/?user=u2', { handle: fake.handle });
    const dialog = await screen.findByRole('dialog', { name: 'Account grace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the account grace?' });
    expect(confirm.textContent).toContain('grace@example.com');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('dialog', { name: 'Account grace' });
    expect(fake.called('DELETE', /\/users\/u2$/)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete the account grace?' })).getByRole('button', {
        name: 'Delete account',
      }),
    );
    expect(await screen.findByText('Account grace deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(at(router)).toBe('/admin/users/');
    await waitFor(() => expect(usernames()).toEqual(['kid', 'ada']));
  });

  it('offers no disable or delete of oneself, and no operator for a minor', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/users/?user=u1', { handle: fake.handle });
    const me = await screen.findByRole('dialog', { name: 'Account ada' });
    expect(within(me).queryByRole('button', { name: 'Disable account' })).toBeNull();
    expect(within(me).queryByRole('button', { name: 'Delete account' })).toBeNull();
    expect(within(me).getByRole('button', { name: 'Remove operator' })).toBeTruthy();
    fireEvent.click(within(me).getByRole('button', { name: 'Close' }));
    const kid = await openUser('kid');
    expect(within(kid).queryByRole('button', { name: 'Make operator' })).toBeNull();
  });
});
