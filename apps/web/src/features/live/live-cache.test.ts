import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, liveKeys } from './live-cache.ts';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

describe('applyLiveEvent', () => {
  it('fills the live maps from the snapshot and patches cached device and thing details', () => {
    const qc = new QueryClient();
    qc.setQueryData(['devices', 'd1'], { id: 'd1', name: 'probe', device_status: 'UNKNOWN' });
    qc.setQueryData(['things', 't1'], { id: 't1', properties: [{ id: 'p1', last_value: 1 }, { id: 'p2' }] });
    applyLiveEvent(qc, {
      type: 'snapshot',
      data: {
        devices: [{ id: 'd1', status: 'ONLINE' }],
        properties: [
          { thing_id: 't1', id: 'p1', name: 'temp', value: 20, value_updated_at: at(1) },
          { thing_id: 't1', id: 'p2', name: 'led', value: null, value_updated_at: null },
        ],
      },
    });
    expect(qc.getQueryData(liveKeys.devices)).toEqual({ d1: 'ONLINE' });
    expect(qc.getQueryData(liveKeys.properties)).toEqual({
      p1: { thing_id: 't1', name: 'temp', value: 20, updated_at: at(1) },
      p2: { thing_id: 't1', name: 'led', value: null, updated_at: null },
    });
    expect(qc.getQueryData(['devices', 'd1'])).toMatchObject({ name: 'probe', device_status: 'ONLINE' });
    expect(qc.getQueryData(['things', 't1'])).toEqual({
      id: 't1',
      properties: [{ id: 'p1', last_value: 20, value_updated_at: at(1) }, { id: 'p2' }],
    });
  });

  it('applies values and statuses, never letting an older value replace a newer one', () => {
    const qc = new QueryClient();
    const value = (v: number, s: number) =>
      applyLiveEvent(qc, {
        type: 'properties.value',
        data: { thing_id: 't1', property_id: 'p1', name: 'temp', value: v, updated_at: at(s) },
      });
    value(1, 10);
    value(0, 5);
    expect(qc.getQueryData(liveKeys.properties)).toEqual({
      p1: { thing_id: 't1', name: 'temp', value: 1, updated_at: at(10) },
    });
    value(2, 11);
    expect(qc.getQueryData<Record<string, { value: number }>>(liveKeys.properties)?.p1?.value).toBe(2);
    applyLiveEvent(qc, { type: 'devices.status', data: { device_id: 'd9', status: 'OFFLINE', at: at(3) } });
    expect(qc.getQueryData(liveKeys.devices)).toEqual({ d9: 'OFFLINE' });
    // Not cached details stay not cached.
    expect(qc.getQueryData(['devices', 'd9'])).toBeUndefined();
  });

  it('invalidates device and thing queries when those change', () => {
    const qc = new QueryClient();
    for (const key of [
      ['devices', 'd1'],
      ['things', 't1'],
      ['groups', 'devices'],
      ['recap', 'x'],
    ]) {
      qc.setQueryData(key, {});
    }
    const invalid = () =>
      qc
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey[0]);
    applyLiveEvent(qc, { type: 'things.updated', data: { thing_id: 't1' } });
    expect(invalid().sort()).toEqual(['groups', 'things']);
    applyLiveEvent(qc, { type: 'devices.updated', data: { device_id: 'd1' } });
    expect(invalid().sort()).toEqual(['devices', 'groups', 'things']);
  });
});
