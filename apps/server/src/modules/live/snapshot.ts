import type { SnapshotData } from '@tinkercloud/shared';
import type { Database } from '../../db/client.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import type { SpaceKey } from './live-event.ts';
import { createSnapshotRepository } from './snapshot.repository.ts';

/**
 * The state a live stream starts from: the space's devices with their status, its properties with last values
 * (read from the telemetry store, which keeps them).
 */
export function createSnapshotReader(deps: { db: Database; telemetry: Pick<TelemetryStore, 'lastValues'> }) {
  const repo = createSnapshotRepository(deps.db);
  return async function readSnapshot(space: SpaceKey): Promise<SnapshotData> {
    const devices = await repo.devices(space);
    const properties = await repo.properties(space);
    const last = await deps.telemetry.lastValues(properties.map((p) => p.id));
    return {
      devices,
      properties: properties.map((p) => {
        const v = last.get(p.id);
        return {
          thing_id: p.thingId,
          id: p.id,
          name: p.name,
          value: v ? v.value : null,
          value_updated_at: v ? v.at.toISOString() : null,
        };
      }),
    };
  };
}
