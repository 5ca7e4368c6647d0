import { isConformantName, SKETCH_FILE_EXTENSIONS, SKETCHES_ROOT } from '@tinkercloud/shared';
import { AppError } from '../../../errors.ts';

/**
 * Paths of the files API (spec 3 and 5): `$HOME/sketches_v2`, `$HOME/sketches_v2/{sketch}` and
 * `$HOME/sketches_v2/{sketch}/{file}`, nothing deeper (sketch folders are flat). Each path is checked before
 * anything is read or written, and refused with a 400 rather than mapped to something else: a path that
 * means one thing to us and another to a client's file system is how traversal starts.
 */

export type SketchPath =
  | { kind: 'root' }
  | { kind: 'sketch'; sketch: string }
  | { kind: 'file'; sketch: string; file: string };

const bad = (detail: string) => new AppError('bad_request', detail);

/**
 * Fastify decodes the wildcard parameter, so `%2F` would arrive as a real separator and `%5C` as a backslash:
 * the raw URL is where they still show. Refused rather than decoded, as Arduino's files API does.
 */
export function checkRawUrl(rawUrl: string): void {
  const path = rawUrl.split('?', 1)[0] ?? '';
  if (/%(2f|5c|00)/i.test(path)) throw bad('A path cannot hold an encoded "/", "\\" or NUL.');
}

/** A file name: conformant (spec 5) and with an extension a sketch may hold. */
export function checkFileName(name: string): void {
  checkSegment(name);
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1) : '';
  if (!(SKETCH_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
    throw bad(
      `"${name}" needs one of the extensions ${SKETCH_FILE_EXTENSIONS.map((e) => `.${e}`).join(' ')}.`,
    );
  }
}

/** A sketch name: conformant (letters, digits, `_ . -`, starting with a letter or digit, at most 63). */
export function checkSketchName(name: string): void {
  checkSegment(name);
}

function checkSegment(segment: string): void {
  if (segment === '' || segment === '.' || segment === '..') {
    throw bad('A path cannot hold empty, "." or ".." parts.');
  }
  if (!isConformantName(segment)) {
    throw bad(
      `"${segment}" is not a valid name: letters, digits, "_", "." or "-", starting with a letter or digit, at most 63 characters.`,
    );
  }
}

/** Parses a decoded path; anything that is not exactly one of the three forms is a 400. */
export function parseSketchPath(path: string): SketchPath {
  if (path.includes('\\') || path.includes('\0')) throw bad('A path cannot hold "\\" or NUL.');
  if (path === SKETCHES_ROOT) return { kind: 'root' };
  if (!path.startsWith(`${SKETCHES_ROOT}/`)) throw bad(`Paths start with ${SKETCHES_ROOT}.`);
  const parts = path.slice(SKETCHES_ROOT.length + 1).split('/');
  for (const p of parts) if (p === '' || p === '.' || p === '..') checkSegment(p);
  if (parts.length > 2) throw bad('Sketch folders hold files only: the path is too deep.');
  const [sketch, file] = parts as [string, string | undefined];
  checkSketchName(sketch);
  if (file === undefined) return { kind: 'sketch', sketch };
  checkFileName(file);
  return { kind: 'file', sketch, file };
}

/** A path that must name a file (`/files/f/…`, a move's `from` and `to`). */
export function parseFilePath(path: string): { sketch: string; file: string } {
  const p = parseSketchPath(path);
  if (p.kind !== 'file') throw bad(`"${path}" is not a file path: ${SKETCHES_ROOT}/{sketch}/{file}.`);
  return p;
}
