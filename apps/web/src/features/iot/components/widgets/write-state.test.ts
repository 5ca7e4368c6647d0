import { describe, expect, it } from 'vitest';
import { writeStateOf } from './write-state.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('writeStateOf', () => {
  it('is idle before a write and sending while the API has not answered', () => {
    expect(
      writeStateOf(false, { startedAt: null, storedAt: null, echoAt: undefined, valueAt: undefined }),
    ).toBe('idle');
    expect(writeStateOf(true, { startedAt: null, storedAt: null, echoAt: 5, valueAt: undefined })).toBe(
      'sending',
    );
  });

  it('waits for the device once stored, and confirms on an echo received after the write began', () => {
    const times = { startedAt: 1000, storedAt: 1200, valueAt: iso(1100) };
    expect(writeStateOf(false, { ...times, echoAt: undefined })).toBe('waiting');
    // An echo of an earlier write does not confirm this one.
    expect(writeStateOf(false, { ...times, echoAt: 900 })).toBe('waiting');
    // The echo may even arrive before the API answers (the device is quick).
    expect(writeStateOf(false, { ...times, echoAt: 1150 })).toBe('confirmed');
  });

  it('confirms without a stream when the variable holds a value newer than the stored write', () => {
    expect(
      writeStateOf(false, { startedAt: 1000, storedAt: 1200, echoAt: undefined, valueAt: iso(1500) }),
    ).toBe('confirmed');
  });
});
