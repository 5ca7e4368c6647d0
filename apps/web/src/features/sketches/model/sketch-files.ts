import {
  SECRETS_FILE,
  SKETCH_FILE_EXTENSIONS,
  type Sketch,
  type SketchFileEntry,
  THING_PROPERTIES_FILE,
} from '@tinkercloud/shared';

/** The main `.ino`: the one named after the sketch (what Arduino builds from). */
export const mainFileName = (sketch: Sketch) => sketch.ino?.name ?? `${sketch.name}.ino`;

/**
 * The files the editor shows, the main `.ino` first, then by name. `arduino_secrets.h` is left out: it is
 * written from the Secrets panel, and its values must never appear in the code view. A thing's
 * `thingProperties.h` is read-only even when the answer does not flag it (limits.ts names it generated).
 */
export function editorFiles(sketch: Sketch): SketchFileEntry[] {
  const main = mainFileName(sketch);
  return sketch.files
    .filter((f) => f.type === 'file' && f.name !== SECRETS_FILE)
    .map((f) => (isGenerated(sketch, f.name) ? { ...f, read_only: true } : f))
    .sort((a, b) => (a.name === main ? -1 : b.name === main ? 1 : a.name.localeCompare(b.name)));
}

/** A thing's `thingProperties.h`, which the server rewrites from the thing's variables. */
const isGenerated = (sketch: Sketch, name: string) => !!sketch.thing_id && name === THING_PROPERTIES_FILE;

/** Where a new file of the sketch lives in the files API. */
export const pathInSketch = (sketch: Sketch, name: string) => `${sketch.path}/${name}`;

const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,62}$/;

/** Why a new or renamed file name cannot be used, or null. */
export function fileNameProblem(name: string, sketch: Sketch, current?: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the file a name.';
  if (!FILE_NAME.test(trimmed))
    return 'Use letters, digits, _ . or - (at most 63 characters), starting with a letter, digit or _.';
  const ext = trimmed.includes('.') ? trimmed.split('.').pop() : '';
  if (!ext || !(SKETCH_FILE_EXTENSIONS as readonly string[]).includes(ext))
    return `End the name with one of ${SKETCH_FILE_EXTENSIONS.map((e) => `.${e}`).join(' ')}.`;
  if (trimmed === SECRETS_FILE) return 'Secrets are kept in the Secrets panel, not in a file.';
  if (trimmed !== current && sketch.files.some((f) => f.name === trimmed))
    return `The sketch already has a file named ${trimmed}.`;
  return null;
}
