import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderApp } from '@/test/app-harness.tsx';
import { adminUser, fakeAdmin, sampleUsers } from './testing/fake-admin.ts';

const spaceRows = () => screen.getAllByTestId('admin-space-row');

describe('Admin: spaces', () => {
  it('lists spaces with type, plan, seats, members, owner and usage; filters by type', async () => {
    const fake = fakeAdmin();
    const { router } = renderApp('/admin/spaces/', { handle: fake.handle });
    await waitFor(() => expect(spaceRows()).toHaveLength(2));
    const acme = spaceRows().find((row) => row.textContent?.includes('Acme Team')) as HTMLElement;
    const cell = (label: string) => acme.querySelector(`[data-label="${label}"]`)?.textContent;
    expect(cell('Type')).toBe('Team');
    expect(cell('Plan')).toMatch(/^Team until .*2027/);
    expect(cell('Seats')).toBe('50');
    expect(cell('Members')).toBe('4');
    expect(cell('Owner')).toBe('–');
    expect(cell('Usage')).toBe('10 things · 7 devices · 4 dashboards');

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'edu' } });
    await waitFor(() => expect(at(router)).toBe('/admin/spaces/?type=edu'));
    await waitFor(() => expect(spaceRows()).toHaveLength(1));
    expect(
      fake
        .called('GET', /^\/admin\/v1\/spaces$/)
        .at(-1)
        ?.query.get('type'),
    ).toBe('edu');
  });

  it('grants a school plan with seats', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/spaces/', { handle: fake.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Grant plan to Hopper High' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant a plan to Hopper High' });
    const plan = (await within(dialog).findByLabelText('Plan')) as HTMLSelectElement;
    expect([...plan.options].map((o) => o.textContent)).toEqual(['School']);
    fireEvent.change(within(dialog).getByLabelText('Seats'), { target: { value: 'lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant School' }));
    expect(await within(dialog).findByText(/Enter a whole number of seats/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Seats'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant School' }));
    expect(await screen.findByText('School granted to Hopper High')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.called('POST', /\/spaces\/sp1\/plan$/)[0]?.body).toEqual({
      plan_id: 'cloud-classroom',
      seats: 30,
    });
    await waitFor(() =>
      expect(spaceRows()[0]?.querySelector('[data-label="Seats"]')?.textContent).toBe('30'),
    );
  });

  it('transfers the owner to a member picked from the accounts search', async () => {
    const users = [
      ...sampleUsers(),
      adminUser({
        id: '3f5c2b1e-0000-4000-8000-000000000004',
        username: 'linus',
        spaces: [{ id: 'sp1', name: 'Hopper High', space: 'edu', role: 'role:edu-teacher' }],
      }),
    ];
    const fake = fakeAdmin({ users });
    renderApp('/admin/spaces/', { handle: fake.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Change owner of Hopper High' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the owner of Hopper High' });
    expect(within(dialog).getByText(/Owner now: grace/)).toBeTruthy();
    // Grace owns it already and Ada is no member: only Linus is offered.
    const choices = await within(dialog).findAllByRole('radio');
    expect(choices).toHaveLength(1);
    const make = within(dialog).getByRole('button', { name: 'Make owner' });
    expect((make as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText(/linus/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make linus the owner' }));
    expect(await screen.findByText('linus now owns Hopper High')).toBeTruthy();
    expect(fake.called('PUT', /\/spaces\/sp1\/owner$/)[0]?.body).toEqual({
      user_id: '3f5c2b1e-0000-4000-8000-000000000004',
    });
  });

  it('deletes a space only once its name is typed, after naming what goes', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/spaces/', { handle: fake.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Team?' });
    const summary = await within(dialog).findByTestId('space-deletion-summary');
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '4 members lose the space',
      '7 devices',
      '10 things',
      '4 dashboards',
      '1 trigger',
      '5 sketches',
    ]);
    const remove = within(dialog).getByRole('button', { name: 'Delete space' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type Acme Team to confirm'), {
      target: { value: 'acme team' },
    });
    expect(remove.disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.called('DELETE', /\/spaces\//)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme Team' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Acme Team?' });
    fireEvent.change(await within(again).findByLabelText('Type Acme Team to confirm'), {
      target: { value: 'Acme Team' },
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete space' }));
    expect(await screen.findByText('Space Acme Team deleted')).toBeTruthy();
    await waitFor(() => expect(spaceRows()).toHaveLength(1));
  });
});
