/**
 * Sketch storage (spec sections 3, 5 and 9): where sketches live in the files API, and how large they may grow.
 * The server enforces these; the web shows them before a user hits them.
 */

/** The logical root of every space's sketches in the files API (spec section 3). */
export const SKETCHES_ROOT = '$HOME/sketches_v2';

/** One file's content, decoded. Sketches are source code: a quarter of a megabyte is a very long one. */
export const SKETCH_FILE_MAX_BYTES = 256 * 1024;
/** Files in one sketch, the main `.ino` and `arduino_secrets.h` included. */
export const SKETCH_MAX_FILES = 64;
/** Secrets of one sketch (`arduino_secrets.h` defines), and the length of one value. */
export const SKETCH_MAX_SECRETS = 32;
export const SKETCH_SECRET_VALUE_MAX_LENGTH = 256;

/** Extensions a sketch file may have (what an Arduino builder compiles or the editor shows as text). */
export const SKETCH_FILE_EXTENSIONS = ['ino', 'h', 'hpp', 'c', 'cpp', 'S', 'txt', 'md', 'json'] as const;

/** Written from the sketch's secrets (the Secrets panel), never a file of its own. */
export const SECRETS_FILE = 'arduino_secrets.h';
/** Generated from the thing's variables in a thing's sketch: read-only. */
export const THING_PROPERTIES_FILE = 'thingProperties.h';

/** `SECRET_SSID`: a secret's name is a C macro name that starts with SECRET_. */
export const SECRET_NAME_PATTERN = /^SECRET_[A-Z0-9_]{1,56}$/;

/** Spec section 9: a disk limit above this counts as unlimited. */
export const UNLIMITED_DISK_ABOVE = 1048576000;
