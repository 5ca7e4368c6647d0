import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, at, renderApp } from '@/test/app-harness.tsx';
import { fakeAdmin, sampleAudit, sampleHealth } from './testing/fake-admin.ts';

describe('Admin: who may open it', () => {
  it('shows the normal Not Found page to a non-operator, and asks no admin list', async () => {
    const fake = fakeAdmin({ operator: false });
    renderApp('/admin/', { handle: fake.handle });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeTruthy();
    expect(fake.calls.map((c) => c.path)).toEqual(['/users/v1/me/operator']);
    await waitFor(() => expect(document.title).toBe('Not Found | Tinkercloud'));
  });

  it('shows Not Found to a minor without asking the server', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/users/', { handle: fake.handle, user: { ...ada, is_minor: true } });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
    expect(fake.calls).toEqual([]);
  });

  it('shows Not Found for an unknown tab', async () => {
    renderApp('/admin/bogus/', { handle: fakeAdmin().handle });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
  });

  it('moves between tabs with its own navigation, in the header layout', async () => {
    const { router } = renderApp('/admin/', { handle: fakeAdmin().handle });
    await screen.findByRole('heading', { name: 'Admin: Users', level: 1 });
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Health' }));
    await waitFor(() => expect(at(router)).toBe('/admin/health/'));
    expect(await screen.findByRole('heading', { name: 'Admin: Health', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Health' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Admin | Tinkercloud');
  });
});

describe('Admin: plans', () => {
  it('edits a plan: numbers, no limit, OTA, retention, disk in MB; validates; saves; resets', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/plans/', { handle: fake.handle });
    const maker = await screen.findByRole('region', { name: /^Maker create-maker/ });
    expect((within(maker).getByLabelText('Sketch disk (MB)') as HTMLInputElement).value).toBe('2048');
    expect((within(maker).getByLabelText('Things') as HTMLInputElement).value).toBe('25');
    const save = within(maker).getByRole('button', { name: 'Save Maker' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(within(maker).getByLabelText('Things'), { target: { value: '2.5' } });
    fireEvent.click(within(maker).getByRole('checkbox', { name: 'No limit of triggers' }));
    expect((within(maker).getByLabelText('Triggers') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(maker).getByLabelText('Sketch disk (MB)'), { target: { value: '512.5' } });
    fireEvent.click(within(maker).getByRole('switch', { name: 'Over-the-air updates' }));
    fireEvent.change(within(maker).getByLabelText('Values kept (days)'), { target: { value: '0' } });
    fireEvent.click(save);
    expect(await within(maker).findByText(/Enter a whole number from 0 to 1,000,000/)).toBeTruthy();
    expect(within(maker).getByText(/Enter a whole number of days/)).toBeTruthy();
    expect(fake.called('PUT', /\/plans\//)).toHaveLength(0);

    fireEvent.change(within(maker).getByLabelText('Things'), { target: { value: '40' } });
    fireEvent.change(within(maker).getByLabelText('Values kept (days)'), { target: { value: '120' } });
    fireEvent.click(save);
    expect(await screen.findByText('Maker saved')).toBeTruthy();
    expect(fake.called('PUT', /\/plans\/create-maker$/)[0]?.body).toEqual({
      limits: {
        cloud_things: 40,
        devices: 50,
        cloud_triggers: null,
        cloud_api: 1000,
        create_compilation_day: 500,
        create_sketches_disk: Math.round(512.5 * 1024 * 1024),
        ota: false,
        retention_days: 120,
      },
    });

    fireEvent.click(await within(maker).findByRole('button', { name: 'Reset to built-in' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset Maker to its built-in numbers?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset plan' }));
    expect(await screen.findByText('Maker is back to its built-in numbers')).toBeTruthy();
    await waitFor(() =>
      expect((within(maker).getByLabelText('Things') as HTMLInputElement).value).toBe('25'),
    );
    expect(within(maker).queryByRole('button', { name: 'Reset to built-in' })).toBeNull();
  });

  it('sets the default plans of new accounts, school spaces and team spaces', async () => {
    const fake = fakeAdmin();
    renderApp('/admin/plans/', { handle: fake.handle });
    const defaults = await screen.findByRole('region', { name: 'Default plans' });
    const accounts = within(defaults).getByLabelText('New accounts') as HTMLSelectElement;
    expect(accounts.value).toBe('');
    expect((within(defaults).getByLabelText('New team spaces') as HTMLSelectElement).value).toBe(
      'cloud-enterprise',
    );
    fireEvent.change(accounts, { target: { value: 'create-entry' } });
    fireEvent.change(within(defaults).getByLabelText('New school spaces'), {
      target: { value: 'cloud-classroom' },
    });
    fireEvent.click(within(defaults).getByRole('button', { name: 'Save default plans' }));
    expect(await screen.findByText('Default plans saved')).toBeTruthy();
    expect(fake.called('PUT', /plan-defaults$/)[0]?.body).toEqual({
      user: 'create-entry',
      edu: 'cloud-classroom',
      pro: 'cloud-enterprise',
    });
  });
});

describe('Admin: requests', () => {
  const request = {
    id: 'r1',
    user: { id: 'u2', username: 'grace', email: 'grace@example.com' },
    plan_id: 'create-maker',
    plan_name: 'Maker',
    message: 'For the greenhouse project',
    status: 'pending' as const,
    created_at: '2026-02-01T10:00:00.000Z',
    decision_note: '',
  };

  it('grants a pending request with an end date and a note; the filter shows it granted', async () => {
    const fake = fakeAdmin({
      requests: [
        request,
        {
          ...request,
          id: 'r2',
          plan_name: 'Entry',
          plan_id: 'create-entry',
          status: 'declined',
          decision_note: 'No',
        },
      ],
    });
    const { router } = renderApp('/admin/requests/', { handle: fake.handle });
    const row = await screen.findByTestId('admin-request-row');
    expect(row.textContent).toContain('For the greenhouse project');
    expect(row.querySelector('[data-label="For"]')?.textContent).toBe('My Cloud');
    expect(fake.called('GET', /plan-requests$/)[0]?.query.get('status')).toBe('pending');

    fireEvent.click(within(row).getByRole('button', { name: 'Grant Maker to grace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant Maker to grace?' });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2027-01-31' } });
    fireEvent.change(within(dialog).getByLabelText('Note to the user'), { target: { value: 'Enjoy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant Maker' }));
    expect(await screen.findByText('Maker granted to grace')).toBeTruthy();
    const body = fake.called('POST', /\/plan-requests\/r1\/grant$/)[0]?.body as {
      note: string;
      ends_at: string;
    };
    expect(body.note).toBe('Enjoy');
    expect(body.ends_at).toMatch(/^2027-0[12]-/);
    expect(await screen.findByText('No request waits for a decision')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(at(router)).toBe('/admin/requests/?status=all'));
    await waitFor(() => expect(screen.getAllByTestId('admin-request-row')).toHaveLength(2));
    expect(screen.getByText('“Enjoy”')).toBeTruthy();
  });

  it('declines with a note; Cancel keeps the request', async () => {
    const fake = fakeAdmin({ requests: [request] });
    renderApp('/admin/requests/', { handle: fake.handle });
    const row = await screen.findByTestId('admin-request-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Decline the request of grace' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline the request of grace?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(row).getByRole('button', { name: 'Decline the request of grace' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline the request of grace?' });
    fireEvent.change(within(dialog).getByLabelText('Note to the user'), {
      target: { value: 'Ask your school' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText('Request of grace declined')).toBeTruthy();
    expect(fake.called('POST', /\/plan-requests\/r1\/decline$/)[0]?.body).toEqual({
      note: 'Ask your school',
    });
  });
});

describe('Admin: health', () => {
  it('shows the health as cards, warns of a certificate about to end, and the raw JSON', async () => {
    const fake = fakeAdmin({ health: sampleHealth() });
    renderApp('/admin/health/', { handle: fake.handle });
    const server = await screen.findByRole('region', { name: 'Server' });
    expect(server.textContent).toContain('2.6.13');
    expect(server.textContent).toContain('3 d 4 h');
    expect(screen.getByRole('region', { name: 'Database' }).textContent).toContain('Embedded (PGlite)');
    expect(screen.getByRole('region', { name: 'Database' }).textContent).toContain('42');
    expect(screen.getByRole('region', { name: 'Telemetry' }).textContent).toContain('Kept (maker)90 days');
    expect(screen.getByRole('region', { name: 'Broker' }).textContent).toContain('Connections7');
    expect(screen.getByRole('region', { name: 'Mail' }).textContent).toContain('Not configured');
    expect(screen.getByRole('region', { name: 'TLS' }).textContent).toMatch(/in [45] days/);
    expect(screen.getByRole('region', { name: 'Queues' }).textContent).toContain('Compile jobs2');
    expect(screen.getByRole('region', { name: 'Last errors' }).textContent).toContain('Database timeout');
    expect(JSON.parse(screen.getByTestId('health-json').textContent ?? '')).toEqual(fake.state.health);
  });

  it('reads the health again every 10 s', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fake = fakeAdmin();
      renderApp('/admin/health/', { handle: fake.handle });
      await screen.findByRole('region', { name: 'Server' });
      const reads = fake.state.healthReads;
      fake.state.health = sampleHealth({ version: '2.7.0' });
      await vi.advanceTimersByTimeAsync(10_500);
      await waitFor(() => expect(fake.state.healthReads).toBeGreaterThan(reads));
      expect(await screen.findByText('2.7.0')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Admin: audit log', () => {
  it('shows entries newest first, loads more with `before`, filters by action, who and dates', async () => {
    const fake = fakeAdmin({ audit: sampleAudit(120) });
    const { router } = renderApp('/admin/audit/', { handle: fake.handle });
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(50));
    const first = screen.getAllByTestId('audit-row')[0] as HTMLElement;
    expect(first.querySelector('[data-label="Who"]')?.textContent).toBe('ada');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(100));
    expect(
      fake
        .called('GET', /\/audit$/)
        .at(-1)
        ?.query.get('before'),
    ).toBe('71');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(120));
    expect(screen.getByText('120 entries, back to the oldest.')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'plan.granted' } });
    await waitFor(() => expect(at(router)).toBe('/admin/audit/?action=plan.granted'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(40));
    expect(screen.getAllByTestId('audit-row')[0]?.querySelector('[data-label="Action"]')?.textContent).toBe(
      'Plan granted',
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Who' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No entry matches these filters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(
        fake
          .called('GET', /\/audit$/)
          .at(-1)
          ?.query.get('from'),
      ).toBeTruthy(),
    );
    const from = fake
      .called('GET', /\/audit$/)
      .at(-1)
      ?.query.get('from') as string;
    expect(new Date(from).getHours()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(at(router)).toBe('/admin/audit/'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(50));
  });
});
