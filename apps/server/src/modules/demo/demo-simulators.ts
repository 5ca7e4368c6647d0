import type { SimulatedDevice } from '@tinkercloud/device-protocol/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { startDemoDevice } from './demo-device.ts';

/** CONNACK codes of a refused key (MQTT 3.1.1: bad user name or password, not authorised). */
const REFUSED = new Set([4, 5]);

/**
 * The demo boards running in this process, at most `max`: starting one more stops the one started first.
 * A board the broker refuses (its key changed, its device deleted elsewhere) stops instead of retrying forever.
 */
export function createDemoSimulators(opts: {
  url: string;
  intervalMs: number;
  max: number;
  logger: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn'>;
}) {
  const running = new Map<string, SimulatedDevice>();
  let closed = false;

  async function stop(deviceId: string) {
    const device = running.get(deviceId);
    if (!device) return;
    running.delete(deviceId);
    await device.stop();
    opts.logger.debug({ deviceId }, 'demo device simulator stopped');
  }

  return {
    start(deviceId: string, secretKey: string) {
      if (closed || running.has(deviceId)) return;
      while (running.size >= opts.max) {
        const oldest = running.keys().next().value as string;
        void stop(oldest);
      }
      const device = startDemoDevice({
        url: opts.url,
        deviceId,
        secretKey,
        intervalMs: opts.intervalMs,
        logger: {
          info: (msg) => opts.logger.debug({ deviceId }, `demo device: ${msg}`),
          warn: (msg) => opts.logger.debug({ deviceId }, `demo device: ${msg}`),
        },
      });
      device.on('connectionError', (err: Error & { code?: unknown }) => {
        if (typeof err.code !== 'number' || !REFUSED.has(err.code)) return;
        opts.logger.info({ deviceId }, 'demo device refused by the broker; its simulator stops');
        void stop(deviceId);
      });
      running.set(deviceId, device);
    },
    stop,
    has: (deviceId: string) => running.has(deviceId),
    get size() {
      return running.size;
    },
    /** Stops every board (before the broker closes, so each leaves cleanly). */
    async close() {
      closed = true;
      await Promise.all([...running.keys()].map(stop));
    },
  };
}
export type DemoSimulators = ReturnType<typeof createDemoSimulators>;
