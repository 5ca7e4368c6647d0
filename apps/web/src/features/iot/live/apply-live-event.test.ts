import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MESSAGES_LIMIT, type Message } from '../api/messages.ts';
import { iotKeys } from '../api/query-keys.ts';
import type { Device, DeviceStatusEvent, Property } from '../api/schemas.ts';
import type { ThingSeries } from '../api/series.ts';
import { LIVE_WINDOW_MS } from '../model/graph-window.ts';
import { applyLiveEvent } from './apply-live-event.ts';

const SPACE = 'my-cloud';
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const property = (id: string, extra: Partial<Property> = {}): Property => ({
  id,
  name: id,
  type: 'FLOAT',
  permission: 'READ_ONLY',
  thing_id: 't1',
  ...extra,
});
const device = (id: string, extra: Partial<Device> = {}): Device => ({
  id,
  name: id,
  device_status: 'OFFLINE',
  ...extra,
});

function setup() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<Property[]>(iotKeys.thingProperties(SPACE, 't1'), [
    property('temp', { last_value: 20, value_updated_at: at(0) }),
    property('label', { type: 'CHARSTRING' }),
  ]);
  queryClient.setQueryData<Device[]>(iotKeys.devices(SPACE), [device('d1'), device('d2')]);
  queryClient.setQueryData<Device>(iotKeys.device(SPACE, 'd1'), device('d1'));
  queryClient.setQueryData<DeviceStatusEvent[]>(iotKeys.deviceStatus(SPACE, 'd1'), [
    { updated_at: at(-60_000), value: 'DISCONNECTED' },
  ]);
  queryClient.setQueryData<ThingSeries>(iotKeys.series(SPACE, 't1', 'LIVE'), {
    from: T0 - LIVE_WINDOW_MS,
    to: T0,
    intervalS: null,
    series: [
      { propertyId: 'temp', name: 'temp', type: 'FLOAT', points: [{ t: T0 - LIVE_WINDOW_MS + 3000, v: 19 }] },
    ],
  });
  const props = () => queryClient.getQueryData<Property[]>(iotKeys.thingProperties(SPACE, 't1')) ?? [];
  const live = () => queryClient.getQueryData<ThingSeries>(iotKeys.series(SPACE, 't1', 'LIVE'));
  return { queryClient, props, live };
}

const value = (propertyId: string, v: unknown, ms: number) => ({
  type: 'properties.value',
  data: { thing_id: 't1', property_id: propertyId, name: propertyId, value: v, updated_at: at(ms) },
});

describe('applyLiveEvent', () => {
  it('puts a new value into the thing properties and appends it to the Live chart', () => {
    const { queryClient, props, live } = setup();
    applyLiveEvent(queryClient, SPACE, value('temp', 21.5, 5000));
    expect(props()[0]).toMatchObject({ last_value: 21.5, value_updated_at: at(5000) });
    expect(props()[1]).toEqual(property('label', { type: 'CHARSTRING' }));
    const points = live()?.series[0]?.points;
    expect(points?.at(-1)).toEqual({ t: T0 + 5000, v: 21.5 });
    // The window slid: the first point is now older than the newest by more than the window.
    expect(points).toHaveLength(1);
    expect(live()?.to).toBe(T0 + 5000);
  });

  it('keeps a later value when an older one arrives after it', () => {
    const { queryClient, props, live } = setup();
    applyLiveEvent(queryClient, SPACE, value('temp', 22, 2000));
    applyLiveEvent(queryClient, SPACE, value('temp', 18, 1000));
    expect(props()[0]).toMatchObject({ last_value: 22, value_updated_at: at(2000) });
    expect(live()?.series[0]?.points.map((p) => p.v)).toEqual([19, 22]);
  });

  it('changes non-numeric values in the table but not on a chart', () => {
    const { queryClient, props, live } = setup();
    const before = live();
    applyLiveEvent(queryClient, SPACE, value('label', 'watering', 1000));
    expect(props()[1]).toMatchObject({ last_value: 'watering' });
    expect(live()).toBe(before);
  });

  it('puts new values on top of a messenger list, once, and only when newer', () => {
    const { queryClient } = setup();
    const key = iotKeys.messages(SPACE, 't1', 'label');
    queryClient.setQueryData<Message[]>(key, [{ at: at(1000), value: 'hello' }]);
    applyLiveEvent(queryClient, SPACE, value('label', 'watering', 2000));
    applyLiveEvent(queryClient, SPACE, value('label', 'watering', 2000));
    applyLiveEvent(queryClient, SPACE, value('label', 'late', 500));
    expect(queryClient.getQueryData(key)).toEqual([
      { at: at(2000), value: 'watering' },
      { at: at(1000), value: 'hello' },
    ]);
    for (let i = 0; i < MESSAGES_LIMIT; i += 1)
      applyLiveEvent(queryClient, SPACE, value('label', i, 3000 + i));
    expect(queryClient.getQueryData<Message[]>(key)).toHaveLength(MESSAGES_LIMIT);
  });

  it('reads the properties again when a value names one the cache does not know', async () => {
    const { queryClient } = setup();
    applyLiveEvent(queryClient, SPACE, value('humidity', 40, 1000));
    expect(queryClient.getQueryState(iotKeys.thingProperties(SPACE, 't1'))?.isInvalidated).toBe(true);
  });

  it('leaves caches of other things and spaces alone and fetches nothing', () => {
    const { queryClient } = setup();
    applyLiveEvent(queryClient, SPACE, {
      type: 'properties.value',
      data: { thing_id: 't9', property_id: 'x', value: 1, updated_at: at(0) },
    });
    applyLiveEvent(queryClient, 'org-2', value('temp', 99, 9000));
    expect(queryClient.getQueryData(iotKeys.thingProperties(SPACE, 't9'))).toBeUndefined();
    expect(queryClient.getQueryData<Property[]>(iotKeys.thingProperties(SPACE, 't1'))?.[0]?.last_value).toBe(
      20,
    );
  });

  it('marks a device online in the list, the detail and the status history', () => {
    const { queryClient } = setup();
    const event = { type: 'devices.status', data: { device_id: 'd1', status: 'ONLINE', at: at(3000) } };
    applyLiveEvent(queryClient, SPACE, event);
    applyLiveEvent(queryClient, SPACE, event);
    const list = queryClient.getQueryData<Device[]>(iotKeys.devices(SPACE));
    expect(list?.map((d) => d.device_status)).toEqual(['ONLINE', 'OFFLINE']);
    expect(list?.[0]?.last_activity_at).toBe(at(3000));
    expect(queryClient.getQueryData<Device>(iotKeys.device(SPACE, 'd1'))?.device_status).toBe('ONLINE');
    // Repeated events (a resumed stream) are not listed twice.
    expect(queryClient.getQueryData<DeviceStatusEvent[]>(iotKeys.deviceStatus(SPACE, 'd1'))).toEqual([
      { updated_at: at(3000), value: 'CONNECTED' },
      { updated_at: at(-60_000), value: 'DISCONNECTED' },
    ]);
  });

  it('applies a snapshot to devices and values', () => {
    const { queryClient, props } = setup();
    applyLiveEvent(queryClient, SPACE, {
      type: 'snapshot',
      data: {
        devices: [{ id: 'd2', status: 'ONLINE' }],
        properties: [
          { thing_id: 't1', id: 'temp', name: 'temp', value: 23, value_updated_at: at(7000) },
          { thing_id: 't1', id: 'label', name: 'label', value: null, value_updated_at: null },
        ],
      },
    });
    expect(queryClient.getQueryData<Device[]>(iotKeys.devices(SPACE))?.map((d) => d.device_status)).toEqual([
      'OFFLINE',
      'ONLINE',
    ]);
    expect(props()[0]).toMatchObject({ last_value: 23, value_updated_at: at(7000) });
    expect(props()[1]?.last_value).toBeUndefined();
  });

  it('reads a changed thing or device again', () => {
    const { queryClient } = setup();
    applyLiveEvent(queryClient, SPACE, { type: 'things.updated', data: { thing_id: 't1' } });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(iotKeys.thingProperties(SPACE, 't1'))).toBe(true);
    expect(invalidated(iotKeys.series(SPACE, 't1', 'LIVE'))).toBe(true);
    expect(invalidated(iotKeys.devices(SPACE))).toBe(true);
    expect(invalidated(iotKeys.device(SPACE, 'd1'))).toBe(false);
    applyLiveEvent(queryClient, SPACE, { type: 'devices.updated', data: { device_id: 'd1' } });
    expect(invalidated(iotKeys.device(SPACE, 'd1'))).toBe(true);
    expect(invalidated(iotKeys.deviceStatus(SPACE, 'd1'))).toBe(true);
  });

  it('reads a dashboard and the dashboard list again when one is created, changed or deleted', () => {
    const { queryClient } = setup();
    queryClient.setQueryData(iotKeys.dashboards(SPACE), []);
    queryClient.setQueryData(iotKeys.dashboard(SPACE, 'b1'), { id: 'b1' });
    queryClient.setQueryData(iotKeys.dashboard(SPACE, 'b2'), { id: 'b2' });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    applyLiveEvent(queryClient, SPACE, { type: 'dashboards.updated', data: { dashboard_id: 'b1' } });
    expect(invalidated(iotKeys.dashboard(SPACE, 'b1'))).toBe(true);
    expect(invalidated(iotKeys.dashboards(SPACE))).toBe(true);
    expect(invalidated(iotKeys.dashboard(SPACE, 'b2'))).toBe(false);
  });

  it("reads a sketch's entries and files and the sketch lists again when it changed elsewhere", () => {
    const { queryClient } = setup();
    const S1 = '3f1c0c9e-8a1b-4c57-9d3e-6f2b1a0c4d11';
    const S2 = '7a2d1e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6';
    queryClient.setQueryData(iotKeys.sketch(SPACE, S1), { id: S1 });
    queryClient.setQueryData([...iotKeys.sketch(SPACE, S1), 'file', 'thingProperties.h'], { data: '' });
    queryClient.setQueryData(iotKeys.sketch(SPACE, S2), { id: S2 });
    queryClient.setQueryData([...iotKeys.groupList(SPACE, 'sketches'), 'top', ''], {
      folders: [],
      items: [],
    });
    queryClient.setQueryData(iotKeys.sketches(SPACE), []);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    applyLiveEvent(queryClient, SPACE, { type: 'sketches.updated', data: { sketch_id: S1 } });
    expect(invalidated(iotKeys.sketch(SPACE, S1))).toBe(true);
    expect(invalidated([...iotKeys.sketch(SPACE, S1), 'file', 'thingProperties.h'])).toBe(true);
    expect(invalidated([...iotKeys.groupList(SPACE, 'sketches'), 'top', ''])).toBe(true);
    expect(invalidated(iotKeys.sketches(SPACE))).toBe(true);
    expect(invalidated(iotKeys.sketch(SPACE, S2))).toBe(false);
  });

  it('ignores messages that do not match the documented shapes', () => {
    const { queryClient, props } = setup();
    const before = props();
    for (const message of [
      { type: 'properties.value', data: { thing_id: 't1', property_id: 'temp' } },
      { type: 'devices.status', data: { device_id: 'd1', status: 'SLEEPING', at: at(1) } },
      { type: 'dashboards.updated', data: {} },
      { type: 'snapshot', data: null },
    ]) {
      applyLiveEvent(queryClient, SPACE, message);
    }
    expect(props()).toBe(before);
    expect(queryClient.getQueryData<Device[]>(iotKeys.devices(SPACE))?.[0]?.device_status).toBe('OFFLINE');
  });
});
