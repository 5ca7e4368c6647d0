import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GroupItem } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ada, renderApp, space } from '@/test/app-harness.tsx';
import type { Dashboard } from '../dashboards/api/dashboard-schemas.ts';
import type { Device, Thing } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { manualLive } from '../iot/testing/manual-live.ts';
import { isEmptySpace, mostRecent, RECENT_LIMIT } from './model/recent-items.ts';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T12:00:00.000Z`;

describe('mostRecent', () => {
  it('puts the latest change first, falls back to creation, and dateless items last', () => {
    const items = [
      { name: 'old', updated_at: at(1) },
      { name: 'undated' },
      { name: 'new', updated_at: at(9) },
      { name: 'created only', created_at: at(5) },
      { name: 'unreadable', updated_at: 'yesterday' },
    ];
    expect(mostRecent(items).map((i) => i.name)).toEqual([
      'new',
      'created only',
      'old',
      'undated',
      'unreadable',
    ]);
  });

  it(`keeps at most ${RECENT_LIMIT}, ordering equal dates by name`, () => {
    const items = ['f', 'b', 'e', 'a', 'd', 'c'].map((name) => ({ name, updated_at: at(2) }));
    expect(mostRecent(items).map((i) => i.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(mostRecent(items, 2)).toHaveLength(2);
  });
});

describe('isEmptySpace', () => {
  const none = { devices: [], things: [], dashboards: [], sketches: [] };
  it('is empty only when every list was read and holds nothing', () => {
    expect(isEmptySpace(none)).toBe(true);
    expect(isEmptySpace({ ...none, sketches: [{}] })).toBe(false);
    // Not read (loading or failed): it may hold something.
    expect(isEmptySpace({ ...none, dashboards: undefined })).toBe(false);
  });
});

const sensor: Device = { id: 'd1', name: 'sensor', device_status: 'ONLINE', updated_at: at(3) };
const spare: Device = { id: 'd2', name: 'spare', device_status: 'UNKNOWN', updated_at: at(8) };
const greenhouse: Thing = { id: 't1', name: 'Greenhouse', device_id: 'd1', updated_at: at(4) };
const draft: Thing = { id: 't2', name: 'Draft', updated_at: at(6) };
const overview: Dashboard = { id: 'db1', name: 'Overview', updated_at: at(2), widgets: [] };
const sketch: GroupItem = {
  id: 's1',
  kind: 'SKETCH',
  name: 'Greenhouse_sketch',
  created_at: at(1),
  updated_at: at(7),
};

function withSketches(iot: ReturnType<typeof fakeIot>, items: GroupItem[]) {
  return (url: string, options: Parameters<typeof iot.handle>[1]) =>
    url === '/groups/v1/sketches' ? { folders: [], items } : iot.handle(url, options);
}

describe('Home: recent items', () => {
  it('lists each kind newest first, with links and statuses that follow the live stream', async () => {
    const iot = fakeIot({ devices: [sensor, spare], things: [greenhouse, draft], dashboards: [overview] });
    const live = manualLive();
    renderApp('/', { handle: withSketches(iot, [sketch]), live: live.source });

    const devices = await screen.findByTestId('recent-devices');
    const deviceLinks = within(devices).getAllByRole('link', { name: /sensor|spare/ });
    expect(deviceLinks.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['spare', '/devices/d2/'],
      ['sensor', '/devices/d1/'],
    ]);
    const statuses = () => [...devices.querySelectorAll('.device-status')].map((b) => b.textContent);
    expect(statuses()).toEqual(['OFFLINE', 'ONLINE']);

    const things = screen.getByTestId('recent-things');
    expect(within(things).getByRole('link', { name: 'Draft' }).getAttribute('href')).toBe('/things/t2/');
    expect(things.textContent).toContain('No device');
    // A thing shows its device's status.
    expect(within(things).getByText('ONLINE')).toBeTruthy();

    const dashboards = screen.getByTestId('recent-dashboards');
    expect(within(dashboards).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe(
      '/dashboards/db1/',
    );
    expect(dashboards.textContent).toContain('0 widgets');
    const sketches = screen.getByTestId('recent-sketches');
    expect(within(sketches).getByRole('link', { name: 'Greenhouse_sketch' }).getAttribute('href')).toBe(
      '/sketches/s1/',
    );

    live.emit({ type: 'devices.status', data: { device_id: 'd2', status: 'ONLINE', at: at(9) } });
    await waitFor(() => expect(statuses()).toEqual(['ONLINE', 'ONLINE']));
    expect(screen.queryByRole('heading', { name: 'Start with your first device' })).toBeNull();
  });

  it('offers the next step in a kind that is empty while others are not', async () => {
    renderApp('/', { handle: fakeIot({ things: [draft] }).handle });
    const dashboards = await screen.findByTestId('recent-dashboards');
    expect(within(dashboards).getByRole('link', { name: 'Build a dashboard' }).getAttribute('href')).toBe(
      '/dashboards/',
    );
  });

  it('shows the get-started path in an empty space, whose steps open their pages', async () => {
    const { router } = renderApp('/', { handle: fakeIot().handle });
    const path = await screen.findByRole('region', { name: 'Start with your first device' });
    const steps = within(path).getAllByRole('link');
    expect(steps.map((l) => [l.querySelector('strong')?.textContent, l.getAttribute('href')])).toEqual([
      ['Add a device', '/devices/new/?type=any'],
      ['Create a thing', '/things/'],
      ['Build a dashboard', '/dashboards/'],
    ]);
    expect(screen.queryByTestId('recent-devices')).toBeNull();
    fireEvent.click(steps[2] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards/'));
  });

  it('lists the selected team space, and shows a list that failed with Try again', async () => {
    const iot = fakeIot({ devices: [sensor], failList: true });
    const team = space({ id: 'pro1', name: 'Acme Team', space: 'pro', roles: ['role:pro-editor'] });
    renderApp('/', { handle: iot.handle, organizations: [team], selectedId: 'pro1' });
    const dashboards = await screen.findByTestId('recent-dashboards');
    expect(within(dashboards).getByRole('alert').textContent).toContain('The database is not answering.');
    // A failed list might hold something: no get-started path.
    expect(screen.queryByRole('region', { name: 'Start with your first device' })).toBeNull();
    expect(iot.calls.every((c) => c.organization === 'pro1')).toBe(true);
    iot.state.failList = false;
    const devices = screen.getByTestId('recent-devices');
    fireEvent.click(within(devices).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('recent-devices').textContent).toContain('sensor'));
  });

  it('lists nothing for a minor, who may open none of these pages', async () => {
    const iot = fakeIot({ devices: [sensor] });
    renderApp('/', { handle: iot.handle, user: { ...ada, is_minor: true } });
    expect(await screen.findByText(/Welcome/)).toBeTruthy();
    expect(screen.queryByTestId('recent-devices')).toBeNull();
    expect(iot.calls.some((c) => c.url.startsWith('/iot/v2/devices'))).toBe(false);
  });
});
