import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { CLIENT_ID_PLACEHOLDER } from './model/examples.ts';

const KEY = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const things = [
  { id: 't2', name: 'Weather', webhook_uri: 'https://hooks.example.org/weather', webhook_active: true },
  { id: 't1', name: 'Greenhouse' },
  { id: 't3', name: 'Pump', webhook_uri: 'https://hooks.example.org/pump', webhook_active: false },
];
const BROKER = { url: 'mqtt://iot.example.org:1883', tlsUrl: null, wsUrl: 'wss://iot.example.org/mqtt' };

function integrationsApi(keys: { client_id: string; name: string }[]) {
  return (url: string, _req: RequestOptions) => {
    if (url === '/iot/v1/clients')
      return keys.map((k) => ({ ...k, id: k.client_id, created_at: '2026-01-01T00:00:00Z' }));
    if (url === '/iot/v2/things') return things;
    return undefined;
  };
}

describe('Integrations page', () => {
  it("fills the examples with this server, its broker and the user's first key", async () => {
    renderApp('/integrations/', {
      handle: integrationsApi([
        { client_id: KEY, name: 'first' },
        { client_id: 'B'.repeat(32), name: 'second' },
      ]),
      config: { mqtt: BROKER },
    });
    await waitFor(() => expect(screen.getByTestId('example-curl').textContent).toContain(KEY));
    const origin = window.location.origin;
    expect(screen.getByTestId('example-rest-client').textContent).toContain(
      `new IotApi.ApiClient("${origin}")`,
    );
    expect(screen.getByTestId('example-rest-client').textContent).toContain(
      `"${origin}/iot/v1/clients/token"`,
    );
    expect(screen.getByTestId('example-iot-js').textContent).toContain(
      'connect("wss://iot.example.org/mqtt", options)',
    );
    expect(screen.getByTestId('example-iot-js').textContent).toContain(`clientId: "${KEY}"`);
    expect(screen.getByTestId('example-curl').textContent).toContain(`'${origin}/iot/v2/things'`);
    expect(screen.getByTestId('example-curl').textContent).not.toContain('B'.repeat(32));
    expect(screen.queryByTestId('integrations-no-key')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy the curl example' })).toBeTruthy();
  });

  it('points to the API Keys page when there is no key, and says when the broker is unknown', async () => {
    renderApp('/integrations/', { handle: integrationsApi([]) });
    const hint = await screen.findByTestId('integrations-no-key');
    expect(
      within(hint).getByRole('link', { name: 'create one on the API Keys page' }).getAttribute('href'),
    ).toBe('/api-keys/');
    await waitFor(() =>
      expect(screen.getByTestId('example-curl').textContent).toContain(CLIENT_ID_PLACEHOLDER),
    );
    expect(screen.getByText(/does not know its broker's public WebSocket address/)).toBeTruthy();
  });

  it("lists the things with their webhook URL and whether it is on, each linking to the thing's page", async () => {
    renderApp('/integrations/', { handle: integrationsApi([]) });
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'GreenhouseNone',
      'Pumphttps://hooks.example.org/pumpOff',
      'Weatherhttps://hooks.example.org/weatherOn',
    ]);
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: 'Weather' })
        .getAttribute('href'),
    ).toBe('/things/t2/');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
