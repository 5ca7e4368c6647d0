import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Account } from '../accounts/account.types.ts';
import { verifyPassword } from '../accounts/password.ts';
import type { MqttConfig } from '../connectivity/config.ts';
import type { Listening } from '../connectivity/embedded-broker.ts';
import type { ConnectivityHooks } from '../connectivity/hooks.ts';
import type { EventBus } from '../live/live-event.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { createDemoRepository } from './demo.repository.ts';
import { type DemoKeyOf, loadDemoKeys } from './demo-keys.ts';
import { createDemoResources } from './demo-resources.ts';
import { createDemoSimulators, type DemoSimulators } from './demo-simulators.ts';

/** Demo boards simulated at most at once (the newest); older demo devices stay, silent. */
const MAX_DEMO_SIMULATORS = 100;
const DEFAULT_INTERVAL_MS = 3000;

interface DemoDeps {
  config: Pick<Config, 'demo' | 'productSlug' | 'productName' | 'mqtt' | 'publicUrl'>;
  db: Database;
  events?: EventBus;
  telemetry: TelemetryStore;
  /** The broker's hooks; absent (no broker), demo resources are made but nothing simulates them. */
  connectivity?: ConnectivityHooks;
  logger: FastifyBaseLogger;
  /** How often the demo boards publish (tests shorten it). */
  intervalMs?: number;
}

/** Where the in-process boards connect: the embedded broker over loopback, or the external broker. */
function simulatorUrl(mqtt: MqttConfig, listening: Listening | null): string | null {
  if (mqtt.mode === 'external') {
    const url = new URL(mqtt.url);
    url.username = '';
    url.password = '';
    return url.toString();
  }
  if (!listening) return null;
  const wildcard = ['0.0.0.0', '::', ''].includes(mqtt.host);
  const host = wildcard ? '127.0.0.1' : mqtt.host.includes(':') ? `[${mqtt.host}]` : mqtt.host;
  return `mqtt://${host}:${listening.port}`;
}

/**
 * A newcomer's first look (issue 5): every new account gets a demo device, thing and dashboard in its My Cloud,
 * and a simulated board in this process feeds them, so live values show at once. The user may delete them;
 * deleting the device (or changing its key) stops its board, restoring it from the trash starts it again.
 */
export function createDemo(deps: DemoDeps) {
  const { logger } = deps;
  let keys: Promise<DemoKeyOf> | null = null;
  const keyOf = () => {
    keys ??= loadDemoKeys(deps.db).catch((err: unknown) => {
      keys = null;
      throw err;
    });
    return keys;
  };
  let simulators: DemoSimulators | null = null;

  const repo = createDemoRepository(deps.db);
  /** A demo device whose key is still the demo key (the user may have set one of their own). */
  async function keepsDemoKey(deviceId: string): Promise<boolean> {
    const hash = await repo.demoKeyHash(deviceId);
    return hash !== null && verifyPassword((await keyOf())(deviceId), hash);
  }

  const inner = deps.connectivity;
  /**
   * The broker's hooks as the IoT API must call them, whichever service made the change: a demo device deleted
   * or given another key loses its board here, one restored with its demo key gets it back. Every other hook
   * goes to the broker's as it is.
   */
  const hooks: ConnectivityHooks | undefined = inner && {
    ...inner,
    async secretChanged(deviceId, secret) {
      await inner.secretChanged(deviceId, secret);
      if (!simulators?.has(deviceId)) return;
      if (secret === null || secret !== (await keyOf())(deviceId)) await simulators.stop(deviceId);
    },
    async trashChanged(deviceId, inTrash) {
      await inner.trashChanged(deviceId, inTrash);
      if (!simulators) return;
      if (inTrash) {
        await simulators.stop(deviceId);
        return;
      }
      // The device is back already: a failed check only leaves its board off until the next start.
      const demo = await keepsDemoKey(deviceId).catch((err: unknown) => {
        logger.warn({ err, deviceId }, 'restored device not checked for a demo board');
        return false;
      });
      if (demo) simulators.start(deviceId, (await keyOf())(deviceId));
    },
  };
  const create = createDemoResources({ ...deps, connectivity: hooks });

  return {
    /** What the HTTP app gets as the broker's hooks (undefined without a broker). */
    hooks,

    /** Makes the demo of a new account and starts its board (once the broker listens). */
    async provision(account: Pick<Account, 'id'>) {
      if (!deps.config.demo) return;
      const key = await keyOf();
      const made = await create(account.id, key);
      logger.info({ userId: account.id, ...made }, 'demo device, thing and dashboard created');
      simulators?.start(made.deviceId, key(made.deviceId));
    },

    /** Once the broker listens: boards for the newest demo devices still there. */
    async start(listening: Listening | null) {
      if (!deps.config.demo || !inner) return;
      const url = simulatorUrl(deps.config.mqtt, listening);
      if (!url) return;
      simulators = createDemoSimulators({
        url,
        intervalMs: deps.intervalMs ?? DEFAULT_INTERVAL_MS,
        max: MAX_DEMO_SIMULATORS,
        logger,
      });
      const key = await keyOf();
      const ids = await repo.newestDevices(MAX_DEMO_SIMULATORS);
      // Oldest first: were more to start than the cap allows, the newest would stay.
      for (const id of ids.reverse()) simulators.start(id, key(id));
      if (ids.length > 0) logger.info({ count: ids.length }, 'demo device simulators started');
    },

    /** Whether a board runs for this device (tests). */
    simulating: (deviceId: string) => simulators?.has(deviceId) ?? false,

    /** Stops every board; before the broker closes. */
    async close() {
      await simulators?.close();
    },
  };
}
export type Demo = ReturnType<typeof createDemo>;
