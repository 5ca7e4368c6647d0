import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, space } from '@/test/app-harness.tsx';
import type { Device, Property, Thing, Trigger } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';

const greenhouse: Thing = { id: 't1', name: 'Greenhouse', device_id: 'd1', device_name: 'greenhouse-1' };
const temperature: Property = {
  id: 'p1',
  name: 'temperature',
  type: 'TEMPERATURE_C',
  permission: 'READ_ONLY',
  thing_id: 't1',
};
const devices: Device[] = [
  { id: 'd1', name: 'greenhouse-1', device_status: 'ONLINE' },
  { id: 'd2', name: 'spare', device_status: 'OFFLINE' },
];
const recipient = { id: 'u1' };
const email = { id: 'a1', name: 'mail', kind: 'NOTIFY-EMAIL', email: { delivery: { to: [recipient] } } };
const push = { id: 'a2', name: 'push', kind: 'NOTIFY-PUSH' };

const tooHot: Trigger = {
  id: 'tr1',
  name: 'Too hot',
  description: 'Open the windows',
  active: true,
  property_id: 'p1',
  condition: { operator: 'GT', value: 30 },
  actions: [email, { ...email, id: 'a3' }, push],
  updated_at: '2026-03-01T12:00:00.000Z',
};
const offline: Trigger = {
  id: 'tr2',
  name: 'Sensors offline',
  active: false,
  device_status_source: { criteria: 'INCLUDE', device_ids: ['d1', 'd2'], grace_period_offline: 300 },
  condition: { operator: 'DISCONNECTED' },
  actions: [],
  updated_at: '2026-03-02T08:30:00.000Z',
};
const anyDevice: Trigger = {
  id: 'tr3',
  name: 'Anything moves',
  device_status_source: { criteria: 'EXCLUDE' },
  actions: [push],
};

const rows = () => screen.getAllByTestId('trigger-row');

describe('Triggers page', () => {
  it('lists each trigger with what it watches, its actions, its state and its last change', async () => {
    const iot = fakeIot({
      things: [greenhouse],
      properties: [temperature],
      devices,
      triggers: [tooHot, offline, anyDevice],
    });
    renderApp('/triggers', { handle: iot.handle });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [hot, off, any] = rows() as [HTMLElement, HTMLElement, HTMLElement];

    await waitFor(() => expect(hot.textContent).toContain('Greenhouse › temperature'));
    expect(hot.textContent).toContain('Open the windows');
    expect(hot.textContent).toContain('When it is above 30');
    expect(within(hot).getByRole('link', { name: 'Greenhouse' }).getAttribute('href')).toBe('/things/t1/');
    expect(hot.textContent).toContain('2 e-mails, 1 in-app notification');
    expect(hot.querySelector('.trigger-state')?.textContent).toBe('Active');
    expect(hot.textContent).not.toContain('–');

    expect(within(off).getByRole('link', { name: 'greenhouse-1' }).getAttribute('href')).toBe('/devices/d1/');
    expect(within(off).getByRole('link', { name: 'spare' }).getAttribute('href')).toBe('/devices/d2/');
    expect(off.textContent).toContain('When one goes offline for 5 min');
    expect(off.textContent).toContain('None');
    expect(off.querySelector('.trigger-state')?.textContent).toBe('Inactive');

    expect(any.textContent).toContain('Any device');
    expect(any.textContent).toContain('When one goes online or offline');
    expect(any.textContent).toContain('1 in-app notification');
    expect(any.querySelector('.trigger-state')?.textContent).toBe('Active');
    expect(any.textContent).toContain('–'); // no date given

    // The names cost two list requests, whatever the number of triggers.
    expect(iot.calls.map((c) => c.url).sort()).toEqual([
      '/iot/v1/triggers',
      '/iot/v2/devices',
      '/iot/v2/things?show_properties=true',
    ]);
    await waitFor(() => expect(document.title).toBe('Triggers | Tinkercloud'));
  });

  it('shows the start of an id whose name is unknown', async () => {
    const iot = fakeIot({
      triggers: [
        { ...tooHot, property_id: '5c0ffee0-0000-4000-8000-000000000001' },
        { ...offline, device_status_source: { criteria: 'INCLUDE', device_ids: ['dead0000-1111'] } },
      ],
    });
    renderApp('/triggers', { handle: iot.handle });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [variable, device] = rows() as [HTMLElement, HTMLElement];
    expect(within(variable).getByTitle('5c0ffee0-0000-4000-8000-000000000001').textContent).toBe(
      'Variable 5c0ffee0',
    );
    expect(variable.querySelector('a[href^="/things/"]')).toBeNull();
    expect(within(device).getByTitle('dead0000-1111').textContent).toBe('Device dead0000');
    expect(device.textContent).toContain('When it goes offline');
  });

  it('says when there are no triggers', async () => {
    renderApp('/triggers', { handle: fakeIot().handle });
    expect(await screen.findByText('No triggers yet')).toBeTruthy();
    expect(screen.getByText(/sends an e-mail or an in-app notification/)).toBeTruthy();
  });

  it('shows a load failure with its detail and tries again on request', async () => {
    const iot = fakeIot({ triggers: [anyDevice], failTriggers: true });
    renderApp('/triggers', { handle: iot.handle });
    expect(await screen.findByText('Triggers could not be loaded')).toBeTruthy();
    expect(screen.getByText('The database is not answering.')).toBeTruthy();
    iot.state.failTriggers = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows a spinner while the list loads', async () => {
    let release: (triggers: Trigger[]) => void = () => undefined;
    // The groups API places the trigger; only the triggers list itself is held back.
    const iot = fakeIot({ triggers: [anyDevice] });
    renderApp('/triggers', {
      handle: (url, options) =>
        url === '/iot/v1/triggers'
          ? new Promise<Trigger[]>((resolve) => (release = resolve))
          : iot.handle(url, options),
    });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    act(() => release([anyDevice]));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('reads the triggers of the selected team space', async () => {
    const iot = fakeIot({ triggers: [anyDevice] });
    renderApp('/triggers', {
      organizations: [
        space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: ['role:edu-student'] }),
      ],
      selectedId: 'edu1',
      handle: iot.handle,
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(iot.calls.length).toBeGreaterThan(0);
    expect(iot.calls.every((c) => c.organization === 'edu1')).toBe(true);
    expect(iot.groups.calls.length).toBeGreaterThan(0);
    expect(iot.groups.calls.every((c) => c.organization === 'edu1')).toBe(true);
  });
});
