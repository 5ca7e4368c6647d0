import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery } from '@tinkercloud/shared/iot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { fakeIot } from '../iot/testing/fake-iot.ts';

const FIRST = `whsec_${'a'.repeat(60)}f1r5`;
const ROTATED = `whsec_${'b'.repeat(60)}n3w2`;
const REFUSED =
  'refused: 127.0.0.1 is a loopback address (allowed only when the server runs with WEBHOOK_ALLOW_PRIVATE=true, for receivers on its own network)';

const delivery = (id: number, extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  status: 'DELIVERED',
  http_status: 200,
  attempts: 1,
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:01.000Z',
  body: '{}',
  ...extra,
});

/** The thing's webhook routes as the server answers them, over the fake IoT API. */
function webhookApi(opts: { uri?: string; active?: boolean; deliveries?: WebhookDelivery[] } = {}) {
  const iot = fakeIot({ things: [{ id: 't1', name: 'Greenhouse' }] });
  const hook = {
    uri: opts.uri,
    active: opts.active ?? false,
    secret: opts.uri ? FIRST : undefined,
    deliveries: opts.deliveries ?? [],
    nextTest: { ok: true, http_status: 204 } as { ok: boolean; http_status?: number; error?: string },
  };
  const writes: { url: string; body?: unknown }[] = [];
  const thingView = () => ({
    ...iot.state.things[0],
    ...(hook.uri && { webhook_uri: hook.uri }),
    webhook_active: hook.active,
  });
  const handle = (url: string, options: RequestOptions) => {
    const method = options.method ?? 'GET';
    if (method === 'POST') writes.push({ url, body: options.body });
    if (url === '/iot/v2/things/t1' && method === 'POST') {
      const body = options.body as { webhook_uri?: string; webhook_active?: boolean };
      if (body.webhook_uri !== undefined) hook.uri = body.webhook_uri || undefined;
      if (body.webhook_active !== undefined) hook.active = body.webhook_active;
      const made = hook.uri && !hook.secret;
      if (made) hook.secret = FIRST;
      return { ...thingView(), ...(made && { webhook_secret: FIRST }) };
    }
    if (url === '/iot/v2/things/t1') return thingView();
    if (url === '/iot/v2/things/t1/webhook') {
      return {
        uri: hook.uri,
        active: hook.active,
        secret_hint: hook.secret && `whsec_…${hook.secret.slice(-4)}`,
        dropped_values: 0,
      };
    }
    if (url === '/iot/v2/things/t1/webhook/secret') {
      hook.secret = ROTATED;
      return { webhook_secret: ROTATED };
    }
    if (url === '/iot/v2/things/t1/webhook/test') {
      const sent = delivery(900 + hook.deliveries.length, {
        status: hook.nextTest.ok ? 'DELIVERED' : 'FAILED',
        http_status: hook.nextTest.http_status,
        error: hook.nextTest.error,
        test: true,
      });
      hook.deliveries.unshift(sent);
      return { ...hook.nextTest, sent_at: '2026-03-01T12:30:00.000Z', delivery_id: sent.id };
    }
    if (url.startsWith('/iot/v2/things/t1/webhook/deliveries')) {
      const query = new URLSearchParams(url.split('?')[1]);
      const limit = Number(query.get('limit') ?? 100);
      const before = query.get('before');
      const from = before ? hook.deliveries.findIndex((d) => d.id === before) + 1 : 0;
      const page = hook.deliveries.slice(from, from + limit);
      const more = from + limit < hook.deliveries.length;
      return { deliveries: page, dropped_values: 0, ...(more && { next_before: page.at(-1)?.id }) };
    }
    return iot.handle(url, options);
  };
  return { hook, writes, handle };
}

const section = () => screen.getByRole('region', { name: 'Webhook' });

describe('Thing webhook', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('switches a first address on and shows the secret once, with Copy; then only its end', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = webhookApi();
    renderApp('/things/t1/', { handle: api.handle });
    const field = await screen.findByLabelText('Webhook URL');
    const toggle = within(section()).getByRole('switch', { name: 'Webhook' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('webhook-state').textContent).toBe('Off: set an address first.');

    fireEvent.change(field, { target: { value: 'https://hooks.example.org/in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set webhook' }));
    await screen.findByText('Webhook saved and switched on');
    expect(api.writes).toEqual([
      {
        url: '/iot/v2/things/t1',
        body: { webhook_uri: 'https://hooks.example.org/in', webhook_active: true },
      },
    ]);
    const secret = (await screen.findByTestId('webhook-secret')) as HTMLInputElement;
    expect(secret.value).toBe(FIRST);
    expect(screen.getByText(/This signing secret is shown only once/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));
    await waitFor(() =>
      expect(within(section()).getByRole('switch', { name: 'Webhook' }).getAttribute('aria-checked')).toBe(
        'true',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByTestId('webhook-secret-hint')).textContent).toBe('whsec_…f1r5');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(document.body.textContent).not.toContain(FIRST);
  });

  it('asks before rotating: Cancel and Escape keep the secret, Rotate shows the new one once', async () => {
    const api = webhookApi({ uri: 'https://hooks.example.org/in', active: true });
    renderApp('/things/t1/', { handle: api.handle });
    expect((await screen.findByTestId('webhook-secret-hint')).textContent).toBe('whsec_…f1r5');
    const rotate = () => fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));

    rotate();
    let dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(
      within(dialog).getByText(/your receiver rejects deliveries until it is given the new one/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    rotate();
    dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes).toEqual([]);

    rotate();
    dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const secret = (await screen.findByTestId('webhook-secret')) as HTMLInputElement;
    expect(secret.value).toBe(ROTATED);
    expect(api.writes).toEqual([{ url: '/iot/v2/things/t1/webhook/secret', body: undefined }]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('webhook-secret-hint').textContent).toBe('whsec_…n3w2'));
  });

  it('sends a test and shows the receiver’s status and time, or why it failed', async () => {
    const api = webhookApi({ uri: 'http://127.0.0.1:9/in', active: true });
    renderApp('/things/t1/', { handle: api.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test' }));
    const ok = await screen.findByText(/The receiver answered HTTP 204/);
    expect(ok.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-01T12:30:00.000Z');
    // The log is read again: the test is in it.
    const item = await screen.findByTestId('webhook-delivery');
    expect(item.textContent).toContain('Test');
    expect(item.textContent).toContain('HTTP 204');

    api.hook.nextTest = { ok: false, error: REFUSED };
    fireEvent.click(screen.getByRole('button', { name: 'Send a test' }));
    const failed = await screen.findByText(/Test failed/);
    expect(failed.textContent).toContain('WEBHOOK_ALLOW_PRIVATE=true');
  });

  it('lists deliveries with status, attempts, next retry and the receiver’s error, older ones on request', async () => {
    const deliveries = [
      delivery(1, {
        status: 'PENDING',
        http_status: 503,
        attempts: 2,
        error: 'answered HTTP 503',
        next_attempt_at: '2026-03-01T12:10:00.000Z',
      }),
      ...Array.from({ length: 24 }, (_, i) => delivery(i + 2)),
    ];
    const api = webhookApi({ uri: 'https://hooks.example.org/in', active: true, deliveries });
    renderApp('/things/t1/', { handle: api.handle });
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(20));
    const [first] = screen.getAllByTestId('webhook-delivery');
    if (!first) throw new Error('no delivery');
    expect(first.textContent).toContain('Retrying');
    expect(first.textContent).toContain('HTTP 503');
    expect(within(first).getByText('Attempts').nextElementSibling?.textContent).toBe('2');
    expect(within(first).getByText('answered HTTP 503')).toBeTruthy();
    const retry = within(first).getByText('Next retry').nextElementSibling?.querySelector('time');
    expect(retry?.getAttribute('datetime')).toBe('2026-03-01T12:10:00.000Z');

    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('switches the webhook off', async () => {
    const api = webhookApi({ uri: 'https://hooks.example.org/in', active: true });
    renderApp('/things/t1/', { handle: api.handle });
    const toggle = await within(await screen.findByRole('region', { name: 'Webhook' })).findByRole('switch', {
      name: 'Webhook',
    });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await screen.findByText('Webhook switched off');
    expect(screen.getByTestId('webhook-state').textContent).toBe(
      'Off: nothing is posted until it is switched on.',
    );
    expect(api.writes).toEqual([{ url: '/iot/v2/things/t1', body: { webhook_active: false } }]);
    expect(screen.getByText('No deliveries yet')).toBeTruthy();
  });
});
