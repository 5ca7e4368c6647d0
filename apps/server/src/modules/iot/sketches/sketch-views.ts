import { SKETCHES_ROOT, type Sketch, type SketchFileEntry } from '@tinkercloud/shared';
import { isReadOnly, mainInoOf } from './sketch-content.ts';
import type { SketchRow, StoredFile } from './sketches.repository.ts';

/** How sketches and their files look in the files API (`packages/shared` sketches contracts). */

const MIME: Record<string, string> = { ino: 'text/x-arduino', h: 'text/x-chdr', hpp: 'text/x-c++hdr' };
const mimeOf = (name: string) => MIME[name.slice(name.lastIndexOf('.') + 1)] ?? 'text/plain';
export const folderPath = (s: Pick<SketchRow, 'name'>) => `${SKETCHES_ROOT}/${s.name}`;

export function fileEntry(s: SketchRow, f: StoredFile): SketchFileEntry {
  return {
    name: f.name,
    path: `${folderPath(s)}/${f.name}`,
    type: 'file',
    mimetype: mimeOf(f.name),
    size: Buffer.byteLength(f.content),
    modified_at: s.updatedAt.toISOString(),
    ...(isReadOnly(s, f.name) && { read_only: true }),
  };
}

export function folderEntry(s: SketchRow): SketchFileEntry {
  return {
    name: s.name,
    path: folderPath(s),
    type: 'folder',
    mimetype: 'inode/directory',
    size: 0,
    modified_at: s.updatedAt.toISOString(),
  };
}

export function sketchView(s: SketchRow): Sketch {
  const ino = mainInoOf(s);
  return {
    id: s.id,
    name: s.name,
    path: folderPath(s),
    user_id: s.ownerUserId,
    ...(s.organizationId && { organization_id: s.organizationId }),
    ...(s.thingId && { thing_id: s.thingId }),
    ...(s.folderId && { folder_id: s.folderId }),
    sketch_version: s.sketchVersion,
    ...(ino && { ino: fileEntry(s, ino) }),
    files: s.files.map((f) => fileEntry(s, f)),
    size: s.bytes,
    created: s.createdAt.toISOString(),
    modified: s.updatedAt.toISOString(),
    ...(s.deletedAt && { deleted_at: s.deletedAt.toISOString() }),
  };
}
