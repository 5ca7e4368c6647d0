import type { SnapshotData } from '@tinkercloud/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotDevices, iotProperties, iotThings } from '../../db/schema/index.ts';
import { inSpace } from '../iot/common/space.ts';
import { readLastValues } from './last-values.ts';
import type { SpaceKey } from './live-event.ts';

/** The state a live stream starts from: the space's devices with their status, its properties with last values. */
export async function readSnapshot(db: Database, space: SpaceKey): Promise<SnapshotData> {
  const devices = await db
    .select({ id: iotDevices.id, status: iotDevices.status })
    .from(iotDevices)
    .where(and(inSpace(iotDevices, space), isNull(iotDevices.deletedAt)))
    .orderBy(asc(iotDevices.createdAt));
  const properties = await db
    .select({ thingId: iotProperties.thingId, id: iotProperties.id, name: iotProperties.name })
    .from(iotProperties)
    .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
    .where(and(inSpace(iotThings, space), isNull(iotThings.deletedAt), isNull(iotProperties.deletedAt)))
    .orderBy(asc(iotThings.createdAt), asc(iotProperties.createdAt));
  const last = await readLastValues(
    db,
    properties.map((p) => p.id),
  );
  return {
    devices,
    properties: properties.map((p) => {
      const v = last.get(p.id);
      return {
        thing_id: p.thingId,
        id: p.id,
        name: p.name,
        value: v ? v.value : null,
        value_updated_at: v ? v.updatedAt.toISOString() : null,
      };
    }),
  };
}
