import { THING_PROPERTIES_FILE } from '@tinkercloud/shared';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { NO_SKETCH_TYPES } from '../catalogue/boards.ts';
import type { IotSpace } from '../common/space.ts';
import { createPropertiesRepository } from '../properties/properties.repository.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import { mainInoOf } from './sketch-content.ts';
import { callbacksOf, type SketchInput, thingPropertiesOf } from './sketch-generator.ts';
import type { SketchWrites } from './sketch-writes.ts';
import { createSketchesRepository, type SketchRow, type StoredFile } from './sketches.repository.ts';

/** Whether some file of the sketch defines `void name() {` (a declaration alone does not count). */
function defines(files: readonly StoredFile[], name: string): boolean {
  const definition = new RegExp(`\\bvoid\\s+${name}\\s*\\(\\s*(?:void\\s*)?\\)\\s*\\{`);
  return files.some((f) => f.name !== THING_PROPERTIES_FILE && definition.test(f.content));
}

/**
 * The new files of a thing's sketch: `thingProperties.h` generated anew, and the main `.ino` with the empty
 * callback of each writable variable no file defines yet appended at its end. The user's code is otherwise
 * left byte for byte. Null when nothing changes.
 */
export function syncedFiles(s: Pick<SketchRow, 'name' | 'files'>, input: SketchInput): StoredFile[] | null {
  const header = thingPropertiesOf(input);
  let files = s.files.some((f) => f.name === THING_PROPERTIES_FILE)
    ? s.files.map((f) => (f.name === THING_PROPERTIES_FILE ? { name: f.name, content: header } : f))
    : [...s.files, { name: THING_PROPERTIES_FILE, content: header }];
  const main = mainInoOf(s);
  const missing = callbacksOf(input).filter((c) => !defines(files, c.name));
  if (main && missing.length > 0) {
    const tail = missing.map((c) => `${c.code}\n`).join('');
    const content = `${main.content}${main.content.endsWith('\n') || main.content === '' ? '' : '\n'}${tail}`;
    files = files.map((f) => (f.name === main.name ? { name: f.name, content } : f));
  }
  const same = files.length === s.files.length && files.every((f, i) => f.content === s.files[i]?.content);
  return same ? null : files;
}

/**
 * Keeps a thing's code in step with the thing (issue 26): after a committed change of its variables or its
 * device, the sketch attached to it has `thingProperties.h` regenerated and new callbacks appended. The one
 * place every service calls (properties, things, devices); it never blocks the change that caused it, so the
 * disk quota is not checked (a header is a few KB).
 */
export function createThingCode(deps: {
  db: Database;
  writes: SketchWrites;
  /** Our broker as boards reach it, as the generator writes it. */
  broker?: { host: string; port: number };
  /** After the code changed: the open editor reads the new thingProperties.h and .ino (the live stream). */
  changed?: (space: IotSpace, sketch: { id: string }) => void;
}) {
  const things = createThingsRepository(deps.db);
  const sketches = createSketchesRepository(deps.db);

  async function sync(space: IotSpace, thingId: string) {
    const rec = await things.find(space, thingId);
    const sketchId = rec?.thing.sketchId;
    if (!rec || !sketchId) return;
    const sketch = await sketches.find(space, sketchId);
    if (!sketch || sketch.thingId !== thingId) return;
    const written = await deps.writes
      .change(
        space,
        sketch.id,
        async (locked, tx) => {
          // Read after the row lock: of two changes syncing at once, the later one sees both.
          const now = await createThingsRepository(tx).find(space, thingId);
          if (!now || now.thing.sketchId !== locked.id) return null;
          if (now.device && NO_SKETCH_TYPES.includes(now.device.type)) return null;
          const props = await createPropertiesRepository(tx).listByThings([thingId]);
          const files = syncedFiles(locked, {
            thing: { id: now.thing.id, name: now.thing.name },
            device: now.device && {
              id: now.device.id,
              type: now.device.type,
              connectionType: now.device.connectionType,
            },
            properties: props.map((p) => p.property),
            version: locked.sketchVersion,
            broker: deps.broker,
          });
          return files && { files };
        },
        { quota: false },
      )
      .catch((err: unknown) => {
        // The sketch went to the trash meanwhile: nothing to keep in step, and the thing's change stands.
        if (!(err instanceof AppError && err.status === 404)) throw err;
        return null;
      });
    if (written) deps.changed?.(space, written);
  }

  return {
    /** After a committed change of these things' variables or device binding. */
    async thingsChanged(space: IotSpace, thingIds: readonly (string | null)[]) {
      for (const id of new Set(thingIds)) if (id) await sync(space, id);
    },
    /** After a committed change of a device's type or connection: the thing it drives follows. */
    async deviceChanged(space: IotSpace, deviceId: string) {
      const thing = await things.boundTo(deviceId);
      if (thing) await sync(space, thing.id);
    },
    /** Runs `remove` (which unbinds the device), then the thing it drove loses it in its code too. */
    async deviceRemoving(space: IotSpace, deviceId: string, remove: () => Promise<void>) {
      const thing = await things.boundTo(deviceId);
      await remove();
      if (thing) await sync(space, thing.id);
    },
  };
}
export type ThingCode = ReturnType<typeof createThingCode>;
