import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBrokerHandlers } from './broker-handlers.ts';
import type { ConnectivityRepository } from './connectivity.repository.ts';
import { createDeviceRate } from './device-rate.ts';

const DEVICE_ID = '5e1f6a0c-3b2d-4c8e-9f7a-1d2e3f4a5b6c';
const space = { organizationId: null, ownerUserId: '0b2c5a1e-8f6d-4c3b-9a7e-1d2f3a4b5c6d' };
const silent = { info() {}, debug() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;

/** Handlers whose device read waits until the test lets it answer; records what presence and sessions hear. */
function handlersWithSlowDeviceRead() {
  let answer: () => void = () => {};
  const heard: string[] = [];
  const repo = {
    device: () =>
      new Promise((resolve) => {
        answer = () => resolve({ id: DEVICE_ID, space, thingId: null, deleted: false });
      }),
  } as unknown as ConnectivityRepository;
  const handlers = createBrokerHandlers({
    repo,
    sessions: {
      open: () => heard.push('session opened'),
      get: () => undefined,
      close: () => heard.push('session closed'),
    },
    presence: {
      connected: async () => void heard.push('online'),
      disconnected: async () => void heard.push('offline'),
    },
    rate: createDeviceRate({ perSecond: 0, burst: 1 }),
    logger: silent,
  } as unknown as Parameters<typeof createBrokerHandlers>[0]);
  return { handlers, heard, answer: () => answer() };
}

describe('broker handlers', () => {
  it('never begins the session of a device that disconnected while its record was being read', async () => {
    const { handlers, heard, answer } = handlersWithSlowDeviceRead();
    const connection = {};
    const who = { kind: 'device', deviceId: DEVICE_ID } as const;
    const connecting = handlers.connected(who, connection);
    await handlers.disconnected(who, connection);
    answer();
    await connecting;
    expect(heard).not.toContain('online');
    expect(heard).not.toContain('session opened');
  });

  it('begins the session of a device still connected once its record is read', async () => {
    const { handlers, heard, answer } = handlersWithSlowDeviceRead();
    const connecting = handlers.connected({ kind: 'device', deviceId: DEVICE_ID }, {});
    answer();
    await connecting;
    expect(heard).toEqual(['session opened', 'online']);
  });
});
