import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderApp } from '@/test/app-harness.tsx';
import type { Device, Thing } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { tagParamSchema } from './model/list-search.ts';

const devices: Device[] = [
  { id: 'd1', name: 'kitchen-probe', device_status: 'ONLINE', tags: { room: 'kitchen', kind: 'probe' } },
  { id: 'd2', name: 'attic-probe', device_status: 'OFFLINE', tags: { room: 'attic', kind: 'probe' } },
  { id: 'd3', name: 'spare', device_status: 'OFFLINE' },
];
const things: Thing[] = [
  { id: 't1', name: 'Kitchen', tags: { room: 'kitchen' } },
  { id: 't2', name: 'Attic', tags: { room: 'attic' } },
];

const names = (testId: string) =>
  screen.queryAllByTestId(testId).map((r) => r.querySelector('a')?.textContent);
const filter = (plural: string) =>
  screen.getByRole('combobox', { name: `Filter ${plural} by tag` }) as HTMLSelectElement;

describe('group lists: the tag filter', () => {
  it("offers the devices' tags, filters by one, and keeps it in the address", async () => {
    const iot = fakeIot({ devices });
    const { router } = renderApp('/devices/', { handle: iot.handle });
    await waitFor(() => expect(names('device-row')).toHaveLength(3));
    const options = [...filter('devices').options].map((o) => o.textContent);
    expect(options).toEqual(['All tags', 'kind: probe', 'room: attic', 'room: kitchen']);

    fireEvent.change(filter('devices'), { target: { value: 'room:kitchen' } });
    await waitFor(() => expect(names('device-row')).toEqual(['kitchen-probe']));
    expect(at(router)).toBe('/devices/?tag=room%3Akitchen');

    fireEvent.change(filter('devices'), { target: { value: 'kind:probe' } });
    await waitFor(() => expect(names('device-row')).toHaveLength(2));
    expect(names('device-row')).not.toContain('spare');

    fireEvent.change(filter('devices'), { target: { value: '' } });
    await waitFor(() => expect(names('device-row')).toHaveLength(3));
    expect(at(router)).toBe('/devices/');
  });

  it('opens filtered from the address (a reload keeps it), with the search narrowing further', async () => {
    const iot = fakeIot({ things });
    renderApp('/things/?tag=room:attic', { handle: iot.handle });
    await waitFor(() => expect(names('thing-row')).toEqual(['Attic']));
    expect(filter('things').value).toBe('room:attic');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), { target: { value: 'kit' } });
    expect(names('thing-row')).toEqual([]);
    expect(screen.getByText('No thing or folder matches “kit”')).toBeTruthy();
  });

  it('says so when no item carries the tag, and offers it to be cleared', async () => {
    const iot = fakeIot({ things });
    renderApp('/things/?tag=room:cellar', { handle: iot.handle });
    expect(await screen.findByText('No thing here is tagged room: cellar')).toBeTruthy();
    expect(filter('things').value).toBe('room:cellar');
    fireEvent.change(filter('things'), { target: { value: '' } });
    await waitFor(() => expect(names('thing-row')).toHaveLength(2));
  });

  it('drops a malformed tag parameter', () => {
    expect(tagParamSchema.parse('room:kitchen')).toBe('room:kitchen');
    for (const bad of ['room', 'a:b:c', 'room:kit chen', ':x', `${'k'.repeat(65)}:v`]) {
      expect(tagParamSchema.parse(bad)).toBeUndefined();
    }
  });
});
