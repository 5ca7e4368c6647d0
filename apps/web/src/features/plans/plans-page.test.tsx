import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdmin, sampleSpaces, sampleUsers } from '@/features/admin/testing/fake-admin.ts';
import { ada, at, renderApp, space } from '@/test/app-harness.tsx';

const SCHOOL_ID = '6f1c2e3a-1111-4222-8333-444455556666';
const card = (name: string) =>
  screen.getAllByTestId('plan-card').find((c) => within(c).queryByRole('heading', { name })) as HTMLElement;

/** The harness's user (u1, ada) holding these plans in My Cloud. */
function holding(...plans: { id: string; name: string }[]) {
  const users = sampleUsers().map((u) =>
    u.id === 'u1' ? { ...u, plans: plans.map((p) => ({ ...p, ends_at: null })) } : u,
  );
  return fakeAdmin({ users, operator: false });
}

describe('Plans page (no store: the operator gives plans)', () => {
  it('SEE PLANS leads here; a plan is asked for with a message, listed, then withdrawn', async () => {
    const fake = holding();
    const { router } = renderApp('/', { handle: fake.handle });
    const banner = await screen.findByTestId('free-plan-banner');
    const see = within(banner).getByRole('link', { name: 'SEE PLANS' });
    expect(see.getAttribute('href')).toBe('/plans/');
    fireEvent.click(see);
    await waitFor(() => expect(at(router)).toBe('/plans/'));
    expect(await screen.findByRole('heading', { name: 'Plans', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('plans-intro').textContent).toContain('given by its operator');
    expect(screen.getByTestId('plans-target').textContent).toBe('For your My Cloud.');
    await waitFor(() => expect(screen.getAllByTestId('plan-card')).toHaveLength(4));
    const maker = card('Maker');
    expect(maker.textContent).toContain('25 things');
    expect(maker.textContent).toContain('10 triggers');
    expect(maker.textContent).toContain('Over-the-air updates: yes');
    expect(maker.textContent).toContain('Values kept 90 days');
    expect(screen.queryByText('Your plan')).toBeNull();
    expect(await screen.findByText('No requests yet')).toBeTruthy();

    fireEvent.click(within(maker).getByRole('button', { name: 'Ask for Maker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for Maker' });
    expect(within(dialog).queryByLabelText('Seats')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Message to the operator'), {
      target: { value: ' For the greenhouse ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request for Maker sent to the operator')).toBeTruthy();
    expect(fake.called('POST', /^\/plans\/v1\/requests$/)[0]?.body).toEqual({
      plan_id: 'create-maker',
      message: 'For the greenhouse',
    });
    const request = await screen.findByTestId('plan-request');
    expect(request.textContent).toContain('Maker for My Cloud');
    expect(request.textContent).toContain('Waiting for the operator');
    expect(request.textContent).toContain('You wrote: For the greenhouse');
    await waitFor(() =>
      expect(within(card('Maker')).queryByRole('button', { name: 'Ask for Maker' })).toBeNull(),
    );
    expect(card('Maker').textContent).toContain('waiting for the operator');

    fireEvent.click(within(request).getByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your request for Maker?' });
    fireEvent.keyDown(confirm, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.called('DELETE', /requests/)).toHaveLength(0);
    fireEvent.click(within(request).getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw your request for Maker?' })).getByRole(
        'button',
        { name: 'Withdraw request' },
      ),
    );
    expect(await screen.findByText('Request for Maker withdrawn')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('plan-request').textContent).toContain('Withdrawn'));
    expect(within(card('Maker')).getByRole('button', { name: 'Ask for Maker' })).toBeTruthy();
  });

  it('after a Maker grant: Maker is "Your plan", nothing below it is offered, Upgrade plan suggests Maker Plus', async () => {
    const fake = holding({ id: 'create-maker', name: 'Maker' });
    fake.state.requests = [
      {
        id: 'r9',
        user: { id: 'u1', username: 'ada', email: 'ada@example.com' },
        plan_id: 'create-maker',
        plan_name: 'Maker',
        message: '',
        status: 'granted',
        created_at: '2026-02-01T10:00:00.000Z',
        decided_at: '2026-02-02T10:00:00.000Z',
        decision_note: 'Enjoy',
      },
    ];
    renderApp('/plans/?plan=create-maker-plus', { handle: fake.handle });
    const upgrade = await screen.findByTestId('upgrade-link');
    expect(upgrade.getAttribute('href')).toBe('/plans/?plan=create-maker-plus');
    await waitFor(() => expect(within(card('Maker')).getByText('Your plan')).toBeTruthy());
    expect(within(card('Maker')).queryByRole('button')).toBeNull();
    expect(within(card('Entry')).queryByRole('button')).toBeNull();
    const plus = card('Maker Plus');
    expect(within(plus).getByText('Suggested upgrade')).toBeTruthy();
    expect(within(plus).getByRole('button', { name: 'Ask for Maker Plus' })).toBeTruthy();
    const decided = await screen.findByTestId('plan-request');
    expect(decided.textContent).toContain('Granted');
    expect(decided.textContent).toContain('“Enjoy”');
    expect(within(decided).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('holding the top plan: no upgrade link and nothing to ask for', async () => {
    const fake = holding({ id: 'create-maker-plus', name: 'Maker Plus' });
    renderApp('/plans/', { handle: fake.handle });
    await waitFor(() => expect(within(card('Maker Plus')).getByText('Your plan')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /^Ask for/ })).toBeNull();
    expect(screen.queryByTestId('upgrade-link')).toBeNull();
  });

  it('the product plan counts as the top one: no upgrade link without a store', async () => {
    const fake = holding({ id: 'tinkercloud', name: 'Tinkercloud' });
    renderApp('/plans/', { handle: fake.handle });
    await waitFor(() => expect(within(card('Tinkercloud')).getByText('Your plan')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('upgrade-link')).toBeNull();
  });

  it('an admin of a school asks for its plan, with seats; the School plan held hides the upgrade link', async () => {
    const fake = holding();
    fake.state.spaces = sampleSpaces().map((s) => (s.id === 'sp1' ? { ...s, id: SCHOOL_ID } : s));
    const organizations = [
      space({ id: SCHOOL_ID, name: 'Hopper High', space: 'edu', roles: ['role:edu-admin'] }),
    ];
    const first = renderApp('/plans/', { handle: fake.handle, organizations, selectedId: SCHOOL_ID });
    expect((await screen.findByTestId('upgrade-link')).getAttribute('href')).toBe(
      '/plans/?plan=cloud-classroom',
    );
    expect(await screen.findByText('For the school space Hopper High, which you administer.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('plan-card')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for School' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for School' });
    fireEvent.change(within(dialog).getByLabelText('Seats'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request for School sent to the operator')).toBeTruthy();
    expect(fake.called('POST', /^\/plans\/v1\/requests$/)[0]?.body).toEqual({
      plan_id: 'cloud-classroom',
      space_id: SCHOOL_ID,
      seats: 40,
      message: '',
    });
    expect((await screen.findByTestId('plan-request')).textContent).toContain(
      'School · 40 seats for Hopper High',
    );
    first.view.unmount();

    // Once granted, the school holds School: no "Upgrade plan" to the plan it already has.
    fake.state.spaces = fake.state.spaces.map((s) =>
      s.id === SCHOOL_ID ? { ...s, plan: { id: 'cloud-classroom', name: 'School', ends_at: null } } : s,
    );
    renderApp('/plans/', { handle: fake.handle, organizations, selectedId: SCHOOL_ID });
    await waitFor(() => expect(within(card('School')).getByText('Your plan')).toBeTruthy());
    expect(screen.queryByTestId('upgrade-link')).toBeNull();
  });

  it('a member who is no admin of the selected space asks for their own plan', async () => {
    const fake = holding();
    const organizations = [
      space({ id: 'pro1', name: 'Acme Team', space: 'pro', roles: ['role:pro-editor'] }),
    ];
    renderApp('/plans/', { handle: fake.handle, organizations, selectedId: 'pro1' });
    expect(
      await screen.findByText('For your My Cloud: the plan of Acme Team is asked for by its admins.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('plan-card')).toHaveLength(4));
  });

  it('with a store, the page sends to the store and asks nothing of the operator', async () => {
    const fake = holding();
    renderApp('/plans/', {
      handle: fake.handle,
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
    const link = await screen.findByRole('link', { name: 'See the plans at the store' });
    expect(link.getAttribute('href')).toBe('https://store.example/subscriptions/plans');
    await waitFor(() => expect(screen.getAllByTestId('plan-card')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: /^Ask for/ })).toBeNull();
    expect(fake.called('GET', /^\/plans\/v1\/requests$/)).toHaveLength(0);
  });

  it('sends a minor home', async () => {
    const { router } = renderApp('/plans/', { handle: holding().handle, user: { ...ada, is_minor: true } });
    await waitFor(() => expect(at(router)).toBe('/'));
  });
});
