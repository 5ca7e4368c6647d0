import { LIVE_HEARTBEAT_MS } from '@tinkercloud/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createSpaceResolver } from '../spaces/space-access.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { liveRoutes } from './live.routes.ts';
import type { EventBus } from './live-event.ts';
import { createLiveHub } from './live-hub.ts';
import { createSnapshotReader } from './snapshot.ts';
import { createStreamRegistry } from './stream-registry.ts';

export interface LiveOptions {
  /** Comment line interval of every event stream (15 s). */
  heartbeatMs?: number;
  /** Event streams one user may hold open in one process (live and onboarding together). */
  maxStreamsPerUser?: number;
  /** Events kept per space for `Last-Event-ID` resumes. */
  bufferSize?: number;
}

const LIVE_DEFAULTS = {
  heartbeatMs: LIVE_HEARTBEAT_MS,
  // Every open tab holds one for its notifications bell; a page with onboarding adds another.
  maxStreamsPerUser: 20,
  bufferSize: 500,
} as const;

/**
 * The live event stream (`/live/v1/events`). Returns the stream registry so other event streams (onboarding)
 * share the per-user cap and the shutdown.
 */
export async function registerLive(
  app: FastifyInstance,
  deps: { db: Database; events: EventBus; telemetry: TelemetryStore; options?: LiveOptions },
) {
  const options = { ...LIVE_DEFAULTS, ...deps.options };
  const hub = createLiveHub(deps.events, { bufferSize: options.bufferSize });
  const registry = createStreamRegistry({ maxPerUser: options.maxStreamsPerUser });
  // Open streams would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    await registry.closeAll();
    hub.close();
  });
  await app.register(liveRoutes, {
    hub,
    bus: deps.events,
    registry,
    resolve: createSpaceResolver(deps.db),
    readSnapshot: createSnapshotReader({ db: deps.db, telemetry: deps.telemetry }),
    heartbeatMs: options.heartbeatMs,
  });
  return { registry, heartbeatMs: options.heartbeatMs };
}
