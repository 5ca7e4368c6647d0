import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotDevices, iotProperties, iotThings } from '../../db/schema/index.ts';
import { inSpace } from '../iot/common/space.ts';
import type { SpaceKey } from './live-event.ts';

/** The only SQL of the live streams: what a snapshot lists of a space (its values come from telemetry). */
export function createSnapshotRepository(db: Database) {
  return {
    /** The space's devices (not in the trash) with their status, oldest first. */
    devices(space: SpaceKey) {
      return db
        .select({ id: iotDevices.id, status: iotDevices.status })
        .from(iotDevices)
        .where(and(inSpace(iotDevices, space), isNull(iotDevices.deletedAt)))
        .orderBy(asc(iotDevices.createdAt));
    },

    /** The live properties of the space's live things, by thing then property age. */
    properties(space: SpaceKey) {
      return db
        .select({ thingId: iotProperties.thingId, id: iotProperties.id, name: iotProperties.name })
        .from(iotProperties)
        .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
        .where(and(inSpace(iotThings, space), isNull(iotThings.deletedAt), isNull(iotProperties.deletedAt)))
        .orderBy(asc(iotThings.createdAt), asc(iotProperties.createdAt));
    },
  };
}
