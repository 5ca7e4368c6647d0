import {
  type CreateSketchBody,
  SECRET_NAME_PATTERN,
  SKETCH_MAX_SECRETS,
  type Sketch,
  type SketchSecrets,
} from '@tinkercloud/shared';
import { strToU8, zipSync } from 'fflate';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import { emptyIno, filesOfUpload, mainInoOf } from './sketch-content.ts';
import { secretNamesOf, secretsHeader } from './sketch-generator.ts';
import { checkSketchName } from './sketch-paths.ts';
import { sketchView } from './sketch-views.ts';
import type { SketchWrites } from './sketch-writes.ts';
import { createSketchesRepository, type SketchRow, type StoredFile } from './sketches.repository.ts';

/** `SECRET_SSID` and the like, wherever the code names them. */
const SECRET_USE = /\bSECRET_[A-Z0-9_]+\b/g;

/** The files of a sketch renamed to `name`: its main `.ino` follows the name. */
function renamedFiles(s: Pick<SketchRow, 'name' | 'files'>, name: string): StoredFile[] {
  const main = mainInoOf(s);
  const target = `${name}.ino`;
  if (!main || main.name === target) return s.files;
  if (s.files.some((f) => f.name === target)) {
    throw new AppError('conflict', `The sketch already holds a file named "${target}".`);
  }
  return s.files.map((f) => (f === main ? { name: target, content: f.content } : f));
}

/**
 * Sketches of a space (spec 7.5, `/create/v2/sketches`): create (empty, or from an upload), show, rename,
 * duplicate, the trash (delete, restore, purge), the zip download and the secrets of `arduino_secrets.h`.
 */
export function createSketchesService(deps: {
  db: Database;
  resolve: SpaceResolver;
  writes: SketchWrites;
  /** Told after a committed change (live events). */
  changed?: (space: IotSpace, sketch: SketchRow) => void;
}) {
  const repo = createSketchesRepository(deps.db);
  const things = createThingsRepository(deps.db);

  async function found(space: IotSpace, id: string, withDeleted = false): Promise<SketchRow> {
    const s = await repo.find(space, id, { withDeleted });
    if (!s) throw notFound('Sketch');
    return s;
  }

  /** The first of `Name_copy`, `Name_copy_2`, … no sketch of the space (trash included) has. */
  async function copyName(space: IotSpace, name: string): Promise<string> {
    const base = `${name.slice(0, 63 - '_copy_99'.length)}_copy`;
    const taken = new Set(await repo.namesLike(space, base));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
  }

  /** Every secret the code names or the thing's connection needs, then any other stored one. */
  async function secretsOf(space: IotSpace, s: SketchRow): Promise<SketchSecrets['secrets']> {
    const names = new Set<string>();
    for (const f of s.files) {
      for (const m of f.content.matchAll(SECRET_USE)) if (SECRET_NAME_PATTERN.test(m[0])) names.add(m[0]);
    }
    if (s.thingId) {
      const rec = await things.find(space, s.thingId);
      if (rec) {
        const device = rec.device && {
          id: rec.device.id,
          type: rec.device.type,
          connectionType: rec.device.connectionType,
        };
        for (const n of secretNamesOf(device)) names.add(n);
      }
    }
    const stored = new Map((await repo.secrets(s.id)).map((x) => [x.name, x.value]));
    for (const n of stored.keys()) names.add(n);
    return [...names].map((name) => ({ name, value: stored.get(name) ?? '' }));
  }

  function announce(space: IotSpace, s: SketchRow) {
    deps.changed?.(space, s);
  }

  return {
    async show(ref: SpaceRequest, id: string): Promise<Sketch> {
      const space = await deps.resolve(ref, 'iot.read');
      return sketchView(await found(space, id));
    },

    async create(ref: SpaceRequest, body: CreateSketchBody): Promise<Sketch> {
      checkSketchName(body.name);
      const { files, secrets } = body.files
        ? filesOfUpload(body.name, body.files)
        : { files: [{ name: `${body.name}.ino`, content: emptyIno() }], secrets: [] };
      const space = await deps.resolve(ref, 'iot.write');
      if (body.folder_id && !(await repo.isSketchFolder(space, body.folder_id))) throw notFound('Folder');
      const row = await deps.writes.insert(
        space,
        {
          organizationId: space.organizationId,
          ownerUserId: space.ownerUserId,
          folderId: body.folder_id ?? null,
          name: body.name,
          sketchVersion: 'v2',
          files,
        },
        secrets,
      );
      announce(space, row);
      return sketchView(row);
    },

    async rename(ref: SpaceRequest, id: string, name: string): Promise<Sketch> {
      checkSketchName(name);
      const space = await deps.resolve(ref, 'iot.write');
      const s = await found(space, id);
      const row = await deps.writes.change(space, s.id, (locked) =>
        locked.name === name ? null : { name, files: renamedFiles(locked, name) },
      );
      if (row) announce(space, row);
      return sketchView(await found(space, id));
    },

    /** A copy under `name` (or a free `…_copy` name): its files only, no secrets and no thing. */
    async duplicate(ref: SpaceRequest, id: string, name: string | undefined): Promise<Sketch> {
      if (name !== undefined) checkSketchName(name);
      const space = await deps.resolve(ref, 'iot.write');
      const s = await found(space, id);
      const copyAs = name ?? (await copyName(space, s.name));
      checkSketchName(copyAs);
      const row = await deps.writes.insert(space, {
        organizationId: space.organizationId,
        ownerUserId: space.ownerUserId,
        folderId: s.folderId,
        name: copyAs,
        sketchVersion: s.sketchVersion,
        // Without a thing, thingProperties.h becomes a file like any other (nothing regenerates it).
        files: renamedFiles(s, copyAs),
      });
      announce(space, row);
      return sketchView(row);
    },

    /** To the trash (`force`: for good, which the groups' purge asks for). Needs `iot.delete`. */
    async remove(ref: SpaceRequest, id: string, force: boolean) {
      const space = await deps.resolve(ref, 'iot.delete');
      const s = await found(space, id, force);
      if (force) await repo.hardDelete(s.id);
      else await repo.update(s.id, { deletedAt: new Date() });
      announce(space, s);
    },

    /** Out of the trash (the groups' restore). Its bytes never left the quota, so nothing is checked. */
    async restore(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.write');
      const s = await found(space, id, true);
      if (s.deletedAt) await repo.update(s.id, { deletedAt: null });
      announce(space, s);
    },

    /** `{name}/{file}` for each file, and `{name}/arduino_secrets.h` with the secrets' names, values empty. */
    async zip(ref: SpaceRequest, id: string): Promise<{ fileName: string; bytes: Uint8Array }> {
      const space = await deps.resolve(ref, 'iot.read');
      const s = await found(space, id);
      const entries: Record<string, Uint8Array> = {};
      for (const f of s.files) entries[`${s.name}/${f.name}`] = strToU8(f.content);
      const names = (await secretsOf(space, s)).map((x) => ({ name: x.name, value: '' }));
      entries[`${s.name}/arduino_secrets.h`] = strToU8(secretsHeader(names));
      return { fileName: `${s.name}.zip`, bytes: zipSync(entries) };
    },

    /** The values are passwords and keys: shown to those who may edit the sketch, not to viewers. */
    async secrets(ref: SpaceRequest, id: string): Promise<SketchSecrets> {
      const space = await deps.resolve(ref, 'iot.write');
      return { secrets: await secretsOf(space, await found(space, id)) };
    },

    async putSecrets(ref: SpaceRequest, id: string, body: SketchSecrets): Promise<SketchSecrets> {
      const space = await deps.resolve(ref, 'iot.write');
      const s = await found(space, id);
      const names = new Set<string>();
      for (const x of body.secrets) {
        if (names.has(x.name)) throw new AppError('bad_request', `${x.name} is given twice.`);
        names.add(x.name);
      }
      const kept = new Set((await repo.secrets(s.id)).map((x) => x.name));
      for (const x of body.secrets) {
        if (x.value === '') kept.delete(x.name);
        else kept.add(x.name);
      }
      if (kept.size > SKETCH_MAX_SECRETS) {
        throw new AppError('precondition_failed', `A sketch holds at most ${SKETCH_MAX_SECRETS} secrets.`);
      }
      await repo.putSecrets(s.id, body.secrets);
      return { secrets: await secretsOf(space, s) };
    },
  };
}
export type SketchesService = ReturnType<typeof createSketchesService>;
