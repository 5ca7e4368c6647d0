import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiClientView, type Recap, toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { recap, renderApp, space } from '@/test/app-harness.tsx';

const CLIENT_ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const SECRET = 'S'.repeat(64);

/** A fake of `/iot/v1/clients` and the recap: keys are made, listed and revoked as the server does. */
function keysApi(options: { plan?: 'maker' | 'free'; used?: number; keys?: ApiClientView[] } = {}) {
  const keys: ApiClientView[] = [...(options.keys ?? [])];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const planRecap = (): Recap => {
    const base = recap(options.plan === 'free' ? [] : ['create-maker']);
    return {
      ...base,
      usage: { ...base.usage, cloud_api_clients: options.used ?? keys.length },
      limits: { ...base.limits, cloud_api: options.plan === 'free' ? null : 1000 },
    };
  };
  const handle = (url: string, req: RequestOptions) => {
    const method = req.method ?? 'GET';
    if (url === '/restrictions/v1/recap/me') return planRecap();
    if (!url.startsWith('/iot/v1/clients')) return undefined;
    calls.push({ method, url, body: req.body });
    if (url === '/iot/v1/clients' && method === 'GET') return [...keys];
    if (url === '/iot/v1/clients' && method === 'POST') {
      const key = {
        id: CLIENT_ID,
        client_id: CLIENT_ID,
        name: (req.body as { name: string }).name,
        created_at: '2026-03-01T12:00:00.000Z',
      };
      keys.push(key);
      return { ...key, client_secret: SECRET };
    }
    if (method === 'DELETE') {
      const id = url.split('/').pop();
      keys.splice(
        keys.findIndex((k) => k.client_id === id),
        1,
      );
      return {};
    }
    return undefined;
  };
  return { handle, calls, keys };
}

const existing: ApiClientView = {
  id: 'ZyXwVuTsRqPoNmLkJiHgFeDcBa987654',
  client_id: 'ZyXwVuTsRqPoNmLkJiHgFeDcBa987654',
  name: 'Node-RED',
  created_at: '2026-02-01T08:00:00.000Z',
  last_used_at: '2026-02-10T09:30:00.000Z',
};

describe('API Keys page', () => {
  it('creates a key and shows its secret once, with a credentials file; closing forgets it', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:key';
    };
    URL.revokeObjectURL = () => undefined;
    const fake = keysApi();
    renderApp('/api-keys/', { handle: fake.handle });
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByTestId('api-key-limit').textContent).toBe(
      '0 of 1000 API keys used. Your plan allows 1000 API keys.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Enter a name for the key.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: 'bad<name>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(/Use letters, digits, spaces and _ \. - only/)).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: ' home script ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const created = await screen.findByRole('dialog', { name: 'API key created' });
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'home script' });
    expect(within(created).getByText(/This secret is shown only once/)).toBeTruthy();
    expect((within(created).getByLabelText('Client ID') as HTMLInputElement).value).toBe(CLIENT_ID);
    expect((within(created).getByLabelText('Client secret') as HTMLInputElement).value).toBe(SECRET);
    expect(within(created).getByRole('button', { name: 'Copy client secret' })).toBeTruthy();

    fireEvent.click(within(created).getByRole('button', { name: 'Download credentials' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const file = await (saved[0] as Blob).text();
    expect(file).toContain(`Client ID: ${CLIENT_ID}`);
    expect(file).toContain(`Client secret: ${SECRET}`);
    expect(file).toContain('Token URL: http://localhost:3000/iot/v1/clients/token');

    fireEvent.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await screen.findByTestId('api-key-row');
    expect(row.textContent).toContain('home script');
    expect(row.textContent).toContain(CLIENT_ID);
    expect(row.textContent).toContain('Never');
    // The secret is nowhere on the page any more.
    expect(document.body.innerHTML).not.toContain(SECRET);
    await waitFor(() =>
      expect(screen.getByTestId('api-key-limit').textContent).toContain('1 of 1000 API keys used.'),
    );
  });

  it('lists keys with name, client id, created and last used, and revokes one after a confirmation', async () => {
    const fake = keysApi({ keys: [existing] });
    renderApp('/api-keys/', { handle: fake.handle });
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByRole('rowheader').textContent).toBe('Node-RED');
    expect(row.textContent).toContain(existing.client_id);
    expect(row.textContent).not.toContain('Never');
    expect(screen.getByRole('region', { name: 'API keys' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Node-RED' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Node-RED?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Node-RED' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revoke Node-RED?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('api-key-row')).toBeNull());
    expect(fake.calls.find((c) => c.method === 'DELETE')?.url).toBe(`/iot/v1/clients/${existing.client_id}`);
    expect(await screen.findByText('API key Node-RED revoked')).toBeTruthy();
  });

  it('keeps the confirmation when revoking the last key is refused, the key back in the list', async () => {
    const fake = keysApi({ keys: [existing] });
    let refuse: () => void = () => undefined;
    const refused = new Promise<void>((r) => {
      refuse = r;
    });
    renderApp('/api-keys/', {
      handle: async (url, req) => {
        if (req.method !== 'DELETE') return fake.handle(url, req);
        await refused;
        throw new ApiError(toErrorBody({ code: 'unexpected_error', detail: 'Try again later', status: 503 }));
      },
    });
    const row = await screen.findByTestId('api-key-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Node-RED' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Node-RED?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    // The list empties at once (it was the only key) while the server has not answered yet…
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    // …then the refusal puts the key back, and the confirmation is still there to try again.
    refuse();
    expect(await screen.findByText(/Try again later/)).toBeTruthy();
    expect(await screen.findByTestId('api-key-row')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Revoke Node-RED?' })).toBeTruthy();
  });

  it('says a free plan allows no API keys and offers the upgrade link instead of the create button', async () => {
    renderApp('/api-keys/', { handle: keysApi({ plan: 'free' }).handle });
    const limit = await screen.findByTestId('api-key-limit');
    expect(limit.textContent).toContain('Your plan allows no API keys.');
    expect(within(limit).getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe(
      '/plans/?plan=create-maker-plus',
    );
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
  });

  it('says when the quota is used up, and links to the store plan to buy', async () => {
    renderApp('/api-keys/', {
      handle: keysApi({ keys: [existing], used: 1000 }).handle,
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
    const limit = await screen.findByTestId('api-key-limit');
    expect(limit.textContent).toContain('1000 of 1000 API keys used: your plan allows no more.');
    expect(within(limit).getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe(
      'https://store.example/subscriptions/plans?plan=create-maker-plus',
    );
    expect(await screen.findByTestId('api-key-row')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
  });

  it('tells a team space without a plan why no key can be made', async () => {
    const team = space({ id: 'o1', name: 'Team', space: 'pro', roles: ['role:pro-admin'], plan_id: null });
    renderApp('/api-keys/', { handle: keysApi().handle, organizations: [team], selectedId: 'o1' });
    expect((await screen.findByTestId('api-key-limit')).textContent).toContain(
      'This team space has no active plan',
    );
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
  });

  it('does not ask for keys where the role cannot manage them', async () => {
    const school = space({
      id: 'o2',
      name: 'School',
      space: 'edu',
      roles: ['role:edu-student'],
      plan_id: 'cloud-classroom',
    });
    const fake = keysApi();
    renderApp('/api-keys/', { handle: fake.handle, organizations: [school], selectedId: 'o2' });
    expect(await screen.findByText('Your role cannot manage API keys here')).toBeTruthy();
    expect(fake.calls).toEqual([]);
  });
});
