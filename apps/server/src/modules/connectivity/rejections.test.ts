import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ConnectivityRepository } from './connectivity.repository.ts';
import type { RefusedCount, RefusedValuesRepository } from './refused-values.repository.ts';
import { createRejections } from './rejections.ts';

const quiet = { warn() {}, debug() {} } as unknown as FastifyBaseLogger;

/** A store whose writes finish only when the test says so: a database that has slowed down. */
function slowStore() {
  const writes: RefusedCount[][] = [];
  const finish: (() => void)[] = [];
  const refused = {
    add: (rows: readonly RefusedCount[]) =>
      new Promise<void>((done) => {
        writes.push(rows.map((r) => ({ ...r })));
        finish.push(done);
      }),
  } as unknown as RefusedValuesRepository;
  const repo = { addRejectedMessages: async () => {} } as unknown as ConnectivityRepository;
  return { writes, finish, rejections: createRejections({ repo, refused, logger: quiet }) };
}

describe('refused values written one batch at a time', () => {
  it('keeps gathering while a slow write runs and sends the gathered pairs in one next write, queueing none', async () => {
    const { writes, finish, rejections } = slowStore();
    rejections.refuseMessage('d1', 't', 'over the message rate');
    const first = rejections.flush();
    await new Promise((r) => setImmediate(r));
    expect(writes).toHaveLength(1);

    // The write hangs; refusals and flushes keep arriving meanwhile.
    const waiting: Promise<void>[] = [];
    for (const [device, times] of [
      ['d1', 2],
      ['d2', 1],
      ['d1', 3],
    ] as const) {
      for (let i = 0; i < times; i++) rejections.refuseMessage(device, 't', 'over the message rate');
      waiting.push(rejections.flush());
      await new Promise((r) => setImmediate(r));
    }
    expect(writes).toHaveLength(1);

    finish.shift()?.();
    await first;
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    // One write with everything gathered meanwhile (counts added up), not a batch queued per flush.
    expect(writes.map((w) => w.map((r) => [r.deviceId, r.count]))).toEqual([
      [['d1', 1]],
      [
        ['d1', 5],
        ['d2', 1],
      ],
    ]);
    finish.shift()?.();
    await Promise.all(waiting);
    expect(writes).toHaveLength(2);
  });
});
