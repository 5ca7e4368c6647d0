import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../live/local-bus.ts';
import { createWebhookTargets, UNHEARD_TARGET_MS, WEBHOOK_TARGET_CACHE_MS } from './webhook-targets.ts';
import type { PropertyHook } from './webhooks.repository.ts';

const space = { organizationId: null, ownerUserId: 'u1' };
const hook = (propertyId: string, thingId: string, hooked: boolean): PropertyHook => ({
  propertyId,
  propertyName: propertyId,
  propertyType: 'FLOAT',
  thingId,
  thingName: thingId,
  hooked,
});

/** A database of two things' properties whose reads are counted; `hooked` says which things want values. */
function table() {
  const hooked = new Set(['t1']);
  const things: Record<string, string> = { p1: 't1', p2: 't1', p3: 't2' };
  const reads: string[][] = [];
  let during: (() => void) | undefined;
  return {
    hooked,
    reads,
    /** Runs once inside the next read, as a change committed while it runs. */
    duringNextRead(fn: () => void) {
      during = fn;
    },
    async read(ids: string[]) {
      reads.push(ids);
      during?.();
      during = undefined;
      return ids
        .filter((id) => things[id])
        .map((id) => hook(id, things[id] as string, hooked.has(things[id] as string)));
    },
  };
}

const values = (...ids: string[]) => ids.map((propertyId) => ({ space, propertyId }));

describe('webhook targets', () => {
  it('reads a property once and keeps it, hooked or not, until its thing changes', async () => {
    const db = table();
    const bus = createLocalBus();
    const targets = createWebhookTargets({ read: db.read, events: bus });
    expect([...(await targets.of(values('p1', 'p3', 'p1'))).keys()]).toEqual(['p1']);
    expect([...(await targets.of(values('p1', 'p3'))).keys()]).toEqual(['p1']);
    expect(db.reads).toEqual([['p1', 'p3']]);

    // t2 gets a webhook: only its property is read again.
    db.hooked.add('t2');
    bus.publish({ type: 'things.updated', space, data: { thing_id: 't2' } });
    expect([...(await targets.of(values('p1', 'p3'))).keys()]).toEqual(['p1', 'p3']);
    expect(db.reads).toEqual([['p1', 'p3'], ['p3']]);

    // t1's webhook is turned off: its values stop at once.
    db.hooked.delete('t1');
    bus.publish({ type: 'things.updated', space, data: { thing_id: 't1' } });
    expect([...(await targets.of(values('p1', 'p2', 'p3'))).keys()]).toEqual(['p3']);
    targets.close();
  });

  it('does not keep what was read while a change was announced', async () => {
    const db = table();
    const bus = createLocalBus();
    const targets = createWebhookTargets({ read: db.read, events: bus });
    db.duringNextRead(() => {
      db.hooked.delete('t1');
      bus.publish({ type: 'things.updated', space, data: { thing_id: 't1' } });
    });
    await targets.of(values('p1'));
    expect(targets.size).toBe(0);
    expect(await targets.of(values('p1'))).toEqual(new Map());
    expect(db.reads).toHaveLength(2);
    targets.close();
  });

  it('trusts a target for minutes with a bus, and for two seconds without one', async () => {
    let clock = 0;
    const now = () => clock;
    const withBus = table();
    const kept = createWebhookTargets({ read: withBus.read, events: createLocalBus(), now });
    await kept.of(values('p1'));
    clock = WEBHOOK_TARGET_CACHE_MS - 1;
    await kept.of(values('p1'));
    expect(withBus.reads).toHaveLength(1);
    clock = 2 * WEBHOOK_TARGET_CACHE_MS;
    await kept.of(values('p1'));
    expect(withBus.reads).toHaveLength(2);

    clock = 0;
    const alone = table();
    const brief = createWebhookTargets({ read: alone.read, now });
    await brief.of(values('p1'));
    clock = UNHEARD_TARGET_MS;
    await brief.of(values('p1'));
    expect(alone.reads).toHaveLength(2);
  });
});
