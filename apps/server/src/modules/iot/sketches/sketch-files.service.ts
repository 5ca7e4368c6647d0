import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import type { SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createSketchesRepository, type SketchRow } from './sketches.repository.ts';

/** Where sketches live in the file tree the web app browses (spec: `$HOME/sketches_v2`). */
const SKETCHES_ROOT = '$HOME/sketches_v2';

interface FileEntry {
  name: string;
  path: string;
  type: 'folder' | 'file';
  mimetype: string;
  size: number;
  modified_at: string;
}

const MIME: Record<string, string> = { ino: 'text/x-arduino', h: 'text/x-chdr' };
const mimeOf = (name: string) => MIME[name.slice(name.lastIndexOf('.') + 1)] ?? 'text/plain';
const folderPath = (s: SketchRow) => `${SKETCHES_ROOT}/${s.name}`;

function fileEntry(s: SketchRow, f: SketchRow['files'][number]): FileEntry {
  return {
    name: f.name,
    path: `${folderPath(s)}/${f.name}`,
    type: 'file',
    mimetype: mimeOf(f.name),
    size: Buffer.byteLength(f.content),
    modified_at: s.updatedAt.toISOString(),
  };
}

function folderEntry(s: SketchRow): FileEntry {
  return {
    name: s.name,
    path: folderPath(s),
    type: 'folder',
    mimetype: 'inode/directory',
    size: 0,
    modified_at: s.updatedAt.toISOString(),
  };
}

/** `$HOME/sketches_v2/a/b` → `['a', 'b']`; null outside the root. Tolerates a leading or trailing slash. */
function partsOf(path: string): string[] | null {
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (clean === SKETCHES_ROOT) return [];
  if (!clean.startsWith(`${SKETCHES_ROOT}/`)) return null;
  return clean.slice(SKETCHES_ROOT.length + 1).split('/');
}

/**
 * The space's sketches as a read-only file tree (spec 7.5, `/create/v2`): one folder per sketch under
 * `$HOME/sketches_v2`, holding its generated files. Paths outside it, or of another space, are 404.
 */
export function createSketchFilesService(deps: { db: Database; resolve: SpaceResolver }) {
  const repo = createSketchesRepository(deps.db);

  return {
    async sketch(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const s = await repo.find(space, id);
      if (!s) throw notFound('Sketch');
      const ino = s.files.find((f) => f.name.endsWith('.ino'));
      return {
        id: s.id,
        name: s.name,
        path: folderPath(s),
        user_id: s.ownerUserId,
        ...(s.organizationId && { organization_id: s.organizationId }),
        ...(s.thingId && { thing_id: s.thingId }),
        sketch_version: s.sketchVersion,
        ...(ino && { ino: fileEntry(s, ino) }),
        files: s.files.map((f) => fileEntry(s, f)),
        created: s.createdAt.toISOString(),
        modified: s.updatedAt.toISOString(),
      };
    },

    /** A folder's entries; `deep` adds the files inside the sketch folders of the root. */
    async list(ref: SpaceRequest, path: string, deep: boolean): Promise<FileEntry[]> {
      const space = await deps.resolve(ref, 'iot.read');
      const parts = partsOf(path);
      if (parts === null || parts.length > 1) throw notFound('Folder');
      if (parts.length === 0) {
        const all = await repo.list(space);
        return all.flatMap((s) => [folderEntry(s), ...(deep ? s.files.map((f) => fileEntry(s, f)) : [])]);
      }
      const s = await repo.findByName(space, parts[0] as string);
      if (!s) throw notFound('Folder');
      return s.files.map((f) => fileEntry(s, f));
    },

    /** One file with its content in base64 (`data`), as file reads of the create API answer. */
    async file(ref: SpaceRequest, path: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const parts = partsOf(path);
      if (parts === null || parts.length !== 2) throw notFound('File');
      const s = await repo.findByName(space, parts[0] as string);
      const f = s?.files.find((x) => x.name === parts[1]);
      if (!s || !f) throw notFound('File');
      return { ...fileEntry(s, f), data: Buffer.from(f.content).toString('base64') };
    },
  };
}
export type SketchFilesService = ReturnType<typeof createSketchFilesService>;
