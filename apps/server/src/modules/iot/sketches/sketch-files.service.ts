import type { SketchFile, SketchFileEntry } from '@tinkercloud/shared';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { checkWritable, decodeFileData, mainInoOf } from './sketch-content.ts';
import { parseFilePath, parseSketchPath } from './sketch-paths.ts';
import { fileEntry, folderEntry } from './sketch-views.ts';
import type { SketchWrites } from './sketch-writes.ts';
import { createSketchesRepository, type SketchRow } from './sketches.repository.ts';

/**
 * The space's sketches as a file tree (spec 7.5, `/create/v2/files`): one folder per sketch under
 * `$HOME/sketches_v2`, holding its files. Every path is checked (sketch-paths.ts) before anything is read or
 * written; a sketch of another space is as absent as one that does not exist (404).
 */
export function createSketchFilesService(deps: {
  db: Database;
  resolve: SpaceResolver;
  writes: SketchWrites;
  /** Told after a committed change (live events). */
  changed?: (space: IotSpace, sketch: SketchRow) => void;
}) {
  const repo = createSketchesRepository(deps.db);

  async function sketchNamed(space: IotSpace, name: string): Promise<SketchRow> {
    const s = await repo.findByName(space, name);
    if (!s) throw notFound('Sketch');
    return s;
  }

  function changed(space: IotSpace, row: SketchRow | null) {
    if (row) deps.changed?.(space, row);
  }

  return {
    /** A folder's entries; `deep` adds the files inside the sketch folders of the root. */
    async list(ref: SpaceRequest, path: string, deep: boolean): Promise<SketchFileEntry[]> {
      const p = parseSketchPath(path);
      const space = await deps.resolve(ref, 'iot.read');
      if (p.kind === 'file') throw new AppError('bad_request', 'That is a file path: read it with /files/f.');
      if (p.kind === 'root') {
        const all = await repo.list(space);
        return all.flatMap((s) => [folderEntry(s), ...(deep ? s.files.map((f) => fileEntry(s, f)) : [])]);
      }
      const s = await repo.findByName(space, p.sketch);
      if (!s) throw notFound('Folder');
      return s.files.map((f) => fileEntry(s, f));
    },

    /** One file with its content in base64 (`data`), as file reads of the create API answer. */
    async file(ref: SpaceRequest, path: string): Promise<SketchFile> {
      const p = parseFilePath(path);
      const space = await deps.resolve(ref, 'iot.read');
      const s = await repo.findByName(space, p.sketch);
      const f = s?.files.find((x) => x.name === p.file);
      if (!s || !f) throw notFound('File');
      return { ...fileEntry(s, f), data: Buffer.from(f.content).toString('base64') };
    },

    /** Creates or replaces a file; `created` tells which (201 or 200). */
    async write(ref: SpaceRequest, path: string, data: string) {
      const p = parseFilePath(path);
      const space = await deps.resolve(ref, 'iot.write');
      const s = await sketchNamed(space, p.sketch);
      checkWritable(s, p.file);
      const content = decodeFileData(p.file, data);
      let created = false;
      const row = await deps.writes.change(space, s.id, (locked) => {
        created = !locked.files.some((f) => f.name === p.file);
        const file = { name: p.file, content };
        const files = created
          ? [...locked.files, file]
          : locked.files.map((f) => (f.name === p.file ? file : f));
        return { files };
      });
      if (!row) throw notFound('Sketch');
      changed(space, row);
      const f = row.files.find((x) => x.name === p.file);
      if (!f) throw notFound('File');
      return { created, entry: fileEntry({ ...row, updatedAt: new Date() }, f) };
    },

    /** Deletes a file; the main `.ino` stays (the sketch needs it: delete the sketch instead). */
    async remove(ref: SpaceRequest, path: string) {
      const p = parseFilePath(path);
      const space = await deps.resolve(ref, 'iot.write');
      const s = await sketchNamed(space, p.sketch);
      checkWritable(s, p.file);
      const row = await deps.writes.change(space, s.id, (locked) => {
        if (!locked.files.some((f) => f.name === p.file)) throw notFound('File');
        if (mainInoOf(locked)?.name === p.file) {
          throw new AppError('bad_request', 'The main .ino cannot be deleted: delete the sketch instead.');
        }
        return { files: locked.files.filter((f) => f.name !== p.file) };
      });
      changed(space, row);
    },

    /** Renames a file inside its sketch. */
    async move(ref: SpaceRequest, body: { from: string; to: string }) {
      const from = parseFilePath(body.from);
      const to = parseFilePath(body.to);
      if (from.sketch !== to.sketch) {
        throw new AppError('bad_request', 'A file moves within its sketch only.');
      }
      const space = await deps.resolve(ref, 'iot.write');
      const s = await sketchNamed(space, from.sketch);
      checkWritable(s, from.file);
      checkWritable(s, to.file);
      const row = await deps.writes.change(space, s.id, (locked) => {
        if (!locked.files.some((f) => f.name === from.file)) throw notFound('File');
        if (from.file === to.file) return null;
        if (mainInoOf(locked)?.name === from.file) {
          throw new AppError('bad_request', "The main .ino follows the sketch's name: rename the sketch.");
        }
        if (locked.files.some((f) => f.name === to.file)) {
          throw new AppError('conflict', `"${to.file}" already exists in this sketch.`);
        }
        return {
          files: locked.files.map((f) => (f.name === from.file ? { name: to.file, content: f.content } : f)),
        };
      });
      changed(space, row);
    },
  };
}
export type SketchFilesService = ReturnType<typeof createSketchFilesService>;
