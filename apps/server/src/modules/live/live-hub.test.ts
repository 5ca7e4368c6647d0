import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiveEvent, SpaceKey } from './live-event.ts';
import { createLiveHub, type NumberedEvent } from './live-hub.ts';
import { createLocalBus } from './local-bus.ts';

const space = (): SpaceKey => ({ organizationId: randomUUID(), ownerUserId: randomUUID() });
const thing = (s: SpaceKey, n: number): LiveEvent => ({
  type: 'things.updated',
  space: s,
  data: { thing_id: `t${n}` },
});
const ids = (events: NumberedEvent[] | null) => events?.map((e) => e.event.data);

describe('the live hub', () => {
  it('numbers events per process and replays those after a held Last-Event-ID', () => {
    const bus = createLocalBus();
    const hub = createLiveHub(bus, { bufferSize: 3 });
    const s = space();
    const seen: NumberedEvent[] = [];
    const first = hub.attach(s, undefined, (e) => seen.push(e));
    expect(first.replay).toBeNull();
    expect(first.snapshotId).toMatch(/^[0-9a-f]{8}\.\d+$/);
    for (let n = 1; n <= 3; n += 1) bus.publish(thing(s, n));
    const seqs = seen.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(3);

    // Resuming from the snapshot id replays all three; from the second event, the third.
    const fromSnapshot = hub.attach(s, first.snapshotId ?? '', () => undefined);
    expect(ids(fromSnapshot.replay)).toEqual([{ thing_id: 't1' }, { thing_id: 't2' }, { thing_id: 't3' }]);
    expect(fromSnapshot.snapshotId).toBeNull();
    expect(ids(hub.attach(s, seen[1]?.id, () => undefined).replay)).toEqual([{ thing_id: 't3' }]);
    expect(hub.attach(s, seen[2]?.id, () => undefined).replay).toEqual([]);

    // The fourth event pushes the first out of the 3-event buffer: the snapshot id no longer resumes.
    bus.publish(thing(s, 4));
    expect(hub.attach(s, first.snapshotId ?? '', () => undefined).replay).toBeNull();
    expect(ids(hub.attach(s, seen[0]?.id, () => undefined).replay)).toEqual([
      { thing_id: 't2' },
      { thing_id: 't3' },
      { thing_id: 't4' },
    ]);
    // Ids of another process, from the future, or malformed: a snapshot.
    const [, n] = (seen[0]?.id ?? '').split('.');
    for (const id of [`ffffffff.${n}`, `${seen[0]?.id.split('.')[0]}.99999`, 'x', '']) {
      expect(hub.attach(s, id, () => undefined).replay, id).toBeNull();
    }
    hub.close();
  });

  it('keeps spaces apart and streams only the browser event types', () => {
    const bus = createLocalBus();
    const hub = createLiveHub(bus);
    const a = space();
    const b = space();
    const onA: NumberedEvent[] = [];
    hub.attach(a, undefined, (e) => onA.push(e));
    bus.publish(thing(b, 1));
    bus.publish({
      type: 'onboardings.updated',
      space: a,
      data: { onboarding_id: randomUUID(), user_id: randomUUID() },
    });
    bus.publish(thing(a, 2));
    expect(ids(onA)).toEqual([{ thing_id: 't2' }]);
    hub.close();
  });

  it('drops a space nobody reads after the retention time; its ids then need a snapshot', async () => {
    const bus = createLocalBus();
    const hub = createLiveHub(bus, { retainMs: 20 });
    const s = space();
    const got: NumberedEvent[] = [];
    const att = hub.attach(s, undefined, (e) => got.push(e));
    bus.publish(thing(s, 1));
    att.detach();
    // Within the retention time, a reconnect resumes.
    const back = hub.attach(s, got[0]?.id, () => undefined);
    expect(back.replay).toEqual([]);
    back.detach();
    expect(hub.channelCount()).toBe(1);
    // Timers run late on a busy machine: wait for as long as it may need.
    for (const until = Date.now() + 10_000; hub.channelCount() > 0 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(hub.channelCount()).toBe(0);
    expect(bus.spaceCount()).toBe(0);
    expect(hub.attach(s, got[0]?.id, () => undefined).replay).toBeNull();
    hub.close();
  });
});

describe('the local bus', () => {
  it('goes on delivering when one handler throws, and stops after unsubscribe', () => {
    const warnings: unknown[] = [];
    const bus = createLocalBus({ logger: { warn: (...args: unknown[]) => warnings.push(args) } as never });
    const s = space();
    const got: string[] = [];
    const offBad = bus.subscribe(s, () => {
      throw new Error('boom');
    });
    const off = bus.subscribe(s, (e) => got.push(e.type));
    bus.publish(thing(s, 1));
    expect(got).toEqual(['things.updated']);
    expect(warnings).toHaveLength(1);
    off();
    offBad();
    bus.publish(thing(s, 2));
    expect(got).toHaveLength(1);
    expect(bus.spaceCount()).toBe(0);
  });
});
