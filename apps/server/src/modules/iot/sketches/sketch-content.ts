import {
  SECRET_NAME_PATTERN,
  SECRETS_FILE,
  SKETCH_FILE_MAX_BYTES,
  SKETCH_MAX_FILES,
  THING_PROPERTIES_FILE,
} from '@tinkercloud/shared';
import { AppError } from '../../../errors.ts';
import { checkFileName } from './sketch-paths.ts';
import type { SketchRow, StoredFile } from './sketches.repository.ts';

/** The rules of a sketch's files, apart from storage: what may be written, and how uploads become files. */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a file sent as base64 (`data`). Checked before decoding: valid base64, at most
 * SKETCH_FILE_MAX_BYTES once decoded (413), UTF-8 text without NUL (sketches are source code; the editor and
 * the builder read them as text).
 */
export function decodeFileData(name: string, data: string): string {
  if (!BASE64.test(data)) throw new AppError('bad_request', `The content of "${name}" is not valid base64.`);
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if ((data.length / 4) * 3 - padding > SKETCH_FILE_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `"${name}" is larger than ${SKETCH_FILE_MAX_BYTES / 1024} KB, the most a sketch file may hold.`,
    );
  }
  let text: string;
  try {
    text = utf8.decode(Buffer.from(data, 'base64'));
  } catch {
    throw new AppError('bad_request', `"${name}" is not UTF-8 text.`);
  }
  if (text.includes('\0')) throw new AppError('bad_request', `"${name}" holds a NUL character.`);
  return text;
}

/** A thing's sketch: its `thingProperties.h` is generated from the thing and read-only. */
export const isThingSketch = (s: Pick<SketchRow, 'thingId'>) => s.thingId !== null;

export const isReadOnly = (s: Pick<SketchRow, 'thingId'>, fileName: string) =>
  fileName === THING_PROPERTIES_FILE && isThingSketch(s);

/** The `.ino` the builder starts from: `{name}.ino`, else the first `.ino` of the sketch. */
export function mainInoOf(s: Pick<SketchRow, 'name' | 'files'>): StoredFile | undefined {
  return s.files.find((f) => f.name === `${s.name}.ino`) ?? s.files.find((f) => f.name.endsWith('.ino'));
}

/** Refuses a user write of `fileName` (new content, a move to or from it, a delete). */
export function checkWritable(s: Pick<SketchRow, 'thingId'>, fileName: string): void {
  if (fileName === SECRETS_FILE) {
    throw new AppError(
      'bad_request',
      `${SECRETS_FILE} is written from the sketch's secrets: set them with /create/v2/sketches/byID/{id}/secrets.`,
    );
  }
  if (isReadOnly(s, fileName)) {
    throw new AppError(
      'conflict',
      `${THING_PROPERTIES_FILE} is generated from the thing's variables and device: change those instead.`,
    );
  }
}

export function checkFileCount(count: number): void {
  if (count > SKETCH_MAX_FILES) {
    throw new AppError(
      'precondition_failed',
      `A sketch holds at most ${SKETCH_MAX_FILES} files: delete one before adding another.`,
    );
  }
}

/** A new sketch's `.ino` (spec 7.5): an empty setup() and loop(). */
export const emptyIno = () =>
  [
    'void setup() {',
    '  // Runs once, when the board starts.',
    '}',
    '',
    'void loop() {',
    '  // Runs again and again.',
    '}',
    '',
  ].join('\n');

const DEFINE = /^\s*#define\s+(SECRET_[A-Z0-9_]+)\s+"((?:[^"\\]|\\.)*)"/gm;

/** The values an uploaded `arduino_secrets.h` defines (a zip of ours unpacked again). */
export function secretsInHeader(text: string): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const m of text.matchAll(DEFINE)) {
    const [, name = '', raw = ''] = m;
    if (!SECRET_NAME_PATTERN.test(name)) continue;
    let value: string;
    try {
      value = JSON.parse(`"${raw}"`) as string;
    } catch {
      value = raw;
    }
    found.push({ name, value });
  }
  return found;
}

/**
 * The files of a new sketch from an upload (an `.ino`, or the files of a zip the browser unpacked): names
 * checked and distinct, contents decoded, the main `.ino` named `{name}.ino` (the one already so named, else
 * the first `.ino`). An `arduino_secrets.h` is not kept as a file: its values become the sketch's secrets.
 */
export function filesOfUpload(
  name: string,
  upload: readonly { name: string; data: string }[],
): { files: StoredFile[]; secrets: { name: string; value: string }[] } {
  const files: StoredFile[] = [];
  let secrets: { name: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const u of upload) {
    checkFileName(u.name);
    if (seen.has(u.name)) throw new AppError('bad_request', `"${u.name}" is given twice.`);
    seen.add(u.name);
    const content = decodeFileData(u.name, u.data);
    if (u.name === SECRETS_FILE) secrets = secretsInHeader(content);
    else files.push({ name: u.name, content });
  }
  const main = `${name}.ino`;
  const ino = files.find((f) => f.name === main) ?? files.find((f) => f.name.endsWith('.ino'));
  if (!ino) throw new AppError('bad_request', 'A sketch needs an .ino file.');
  ino.name = main;
  // The main .ino first, as generated sketches have it.
  return { files: [ino, ...files.filter((f) => f !== ino)], secrets };
}
