import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, notFound } from '../../../errors.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import { NO_SKETCH_TYPES } from '../catalogue/boards.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createPropertiesRepository } from '../properties/properties.repository.ts';
import { createThingsRepository, type ThingRecord } from '../things/things.repository.ts';
import type { ThingsService } from '../things/things.service.ts';
import {
  conformSketchName,
  generateSketch,
  type SketchInput,
  type SketchVersion,
} from './sketch-generator.ts';
import { bytesOf, createSketchesRepository } from './sketches.repository.ts';

const NO_SKETCH_DEVICE = 'The device bound to this thing runs no sketch (phone or manually driven device).';
/** Sketches of a generated name per thing name before giving up (`Name`, `Name_2`, …). */
const NAME_ATTEMPTS = 3;

/**
 * The thing's sketch (ThingsV2 createSketch, updateSketch, deleteSketch): generated from the thing's
 * variables and its device, stored as a sketch of the space and attached through the thing's `sketch_id`.
 * Detaching keeps the sketch. Every call answers the thing as `GET /iot/v2/things/{id}` shows it.
 */
export function createThingSketchService(deps: {
  db: Database;
  resolve: SpaceResolver;
  things: Pick<ThingsService, 'show'>;
  quotas: Pick<IotQuotas, 'requireSketchDisk'>;
  events?: EventBus;
  /** Our broker as boards reach it, written into `ArduinoCloud.begin`; absent: the library's default. */
  broker?: { host: string; port: number };
}) {
  const live = iotEvents(deps.events);
  const thingsRepo = createThingsRepository(deps.db);
  const sketches = createSketchesRepository(deps.db);
  const properties = createPropertiesRepository(deps.db);

  async function foundThing(space: IotSpace, id: string): Promise<ThingRecord> {
    const rec = await thingsRepo.find(space, id);
    if (!rec) throw notFound('Thing');
    return rec;
  }

  /** The files for the thing as it is now. */
  async function filesFor(rec: ThingRecord, version: SketchVersion, sketchName: string) {
    if (rec.device && NO_SKETCH_TYPES.includes(rec.device.type))
      throw new AppError('precondition_failed', NO_SKETCH_DEVICE);
    const props = await properties.listByThings([rec.thing.id]);
    const input: SketchInput = {
      thing: { id: rec.thing.id, name: rec.thing.name },
      device: rec.device
        ? { id: rec.device.id, type: rec.device.type, connectionType: rec.device.connectionType }
        : null,
      properties: props.map(({ property: p }) => p),
      version,
      broker: deps.broker,
    };
    return generateSketch(input, sketchName);
  }

  /** `Name`, else `Name_2`, `Name_3`, …: the first name no sketch of the space has. */
  async function freeName(space: IotSpace, thingName: string): Promise<string> {
    const base = conformSketchName(thingName).slice(0, 56);
    const taken = new Set(await sketches.namesLike(space, base));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
  }

  /**
   * Links the thing and the sketch both ways (`things.sketch_id`, `sketches.thing_id`: what makes its
   * `thingProperties.h` generated and read-only); detaching unlinks both and the sketch becomes a plain one.
   */
  async function attach(space: IotSpace, rec: ThingRecord, sketchId: string | null) {
    await inTransaction(deps.db, async (tx) => {
      const txSketches = createSketchesRepository(tx);
      const before = rec.thing.sketchId ? await txSketches.find(space, rec.thing.sketchId) : null;
      if (before && before.thingId === rec.thing.id && before.id !== sketchId) {
        await txSketches.update(before.id, { thingId: null });
      }
      if (sketchId) await txSketches.update(sketchId, { thingId: rec.thing.id });
      await createThingsRepository(tx).update(rec.thing.id, { sketchId });
    });
    live.thingUpdated(space, rec.thing.id);
  }

  return {
    async create(ref: SpaceRequest, thingId: string, version: SketchVersion) {
      const space = await deps.resolve(ref, 'iot.write');
      const rec = await foundThing(space, thingId);
      for (let attempt = 1; ; attempt++) {
        const name = await freeName(space, rec.thing.name);
        const files = await filesFor(rec, version, name);
        try {
          await inTransaction(deps.db, async (tx) => {
            const repo = createSketchesRepository(tx);
            await deps.quotas.requireSketchDisk(tx, space, bytesOf(files), () => repo.spaceBytes(space));
            const sketch = await repo.insert({
              organizationId: space.organizationId,
              ownerUserId: space.ownerUserId,
              name,
              thingId,
              sketchVersion: version,
              files,
            });
            await createThingsRepository(tx).update(thingId, { sketchId: sketch.id });
          });
          break;
        } catch (err) {
          // Another request took the name meanwhile: pick the next one.
          if (!isUniqueViolation(err) || attempt >= NAME_ATTEMPTS) throw err;
        }
      }
      live.thingUpdated(space, thingId);
      return deps.things.show(ref, thingId, false);
    },

    /** Attaches a sketch of the space; with a version, also regenerates its files from the thing. */
    async update(ref: SpaceRequest, thingId: string, sketchId: string, version: SketchVersion | undefined) {
      const space = await deps.resolve(ref, 'iot.write');
      const rec = await foundThing(space, thingId);
      const sketch = await sketches.find(space, sketchId);
      if (!sketch) throw notFound('Sketch');
      if (version) await sketches.replaceFiles(sketch.id, await filesFor(rec, version, sketch.name), version);
      await attach(space, rec, sketch.id);
      return deps.things.show(ref, thingId, false);
    },

    async detach(ref: SpaceRequest, thingId: string) {
      const space = await deps.resolve(ref, 'iot.write');
      const rec = await foundThing(space, thingId);
      if (rec.thing.sketchId) await attach(space, rec, null);
      return deps.things.show(ref, thingId, false);
    },
  };
}
export type ThingSketchService = ReturnType<typeof createThingSketchService>;
