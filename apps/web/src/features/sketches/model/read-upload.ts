import { SKETCH_FILE_MAX_BYTES, SKETCH_MAX_FILES } from '@tinkercloud/shared';
import { bytesToBase64 } from './base64.ts';

/** A sketch read from an uploaded `.ino` or `.zip`, as `POST /create/v2/sketches` takes its files. */
export interface UploadedSketch {
  /** The name it suggests (its folder or main `.ino`), not yet conformant. */
  name: string;
  files: { name: string; data: string }[];
}

/** Refused before anything is sent; `message` says why in the user's terms. */
export class UploadProblem extends Error {}

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');
/** Archive debris: macOS resource forks, hidden files, folders. */
const isJunk = (path: string) =>
  path.endsWith('/') || path.startsWith('__MACOSX/') || path.split('/').some((part) => part.startsWith('.'));

/**
 * Reads an upload. An `.ino` is a sketch of one file. A zip is unzipped here (fflate, loaded only when a zip
 * comes) and, as Arduino's own zips hold `Blink/Blink.ino`, one folder around everything is taken away.
 */
export async function readUpload(file: File): Promise<UploadedSketch> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.ino$/i.test(file.name)) {
    checkSize(file.name, bytes.length);
    return { name: baseName(file.name), files: [{ name: file.name, data: bytesToBase64(bytes) }] };
  }
  if (!/\.zip$/i.test(file.name)) throw new UploadProblem('Upload a sketch as an .ino file or a .zip.');
  return readZip(file.name, bytes);
}

async function readZip(zipName: string, bytes: Uint8Array): Promise<UploadedSketch> {
  const { unzipSync } = await import('fflate');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    throw new UploadProblem(`${zipName} is not a zip that can be read.`);
  }
  const paths = Object.keys(entries).filter((path) => !isJunk(path));
  const top = singleTopFolder(paths);
  const files = paths.map((path) => {
    const name = top ? path.slice(top.length + 1) : path;
    const content = entries[path] ?? new Uint8Array();
    checkSize(name, content.length);
    return { name, data: bytesToBase64(content) };
  });
  if (files.length === 0) throw new UploadProblem(`${zipName} holds no files.`);
  if (files.length > SKETCH_MAX_FILES)
    throw new UploadProblem(
      `A sketch holds at most ${SKETCH_MAX_FILES} files; ${zipName} has ${files.length}.`,
    );
  const inos = files.filter((f) => /\.ino$/i.test(f.name) && !f.name.includes('/'));
  if (inos.length === 0) throw new UploadProblem(`${zipName} holds no .ino file: it is not a sketch.`);
  const name = top ?? (inos.length === 1 && inos[0] ? baseName(inos[0].name) : baseName(zipName));
  return { name, files };
}

/** The folder every path sits in, when there is exactly one (`Blink/…`). */
function singleTopFolder(paths: readonly string[]): string | null {
  const firsts = new Set(paths.map((path) => (path.includes('/') ? path.split('/')[0] : '')));
  const [only] = firsts;
  return firsts.size === 1 && only ? only : null;
}

function checkSize(name: string, bytes: number) {
  if (bytes > SKETCH_FILE_MAX_BYTES)
    throw new UploadProblem(
      `${name} is larger than ${SKETCH_FILE_MAX_BYTES / 1024} kB, the limit of one file.`,
    );
}
