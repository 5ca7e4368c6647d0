import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * What this server can build with: the Arduino builder, the hardware (cores) and tools directories it is
 * given, and the boards it offers. Debian 12's packages put the AVR core where the defaults point; other
 * cores (ESP32, SAMD, Renesas) are directories the operator adds (COMPILE_HARDWARE_DIRS, COMPILE_TOOLS_DIRS)
 * with their boards (COMPILE_BOARDS).
 */
export interface CompileSettings {
  /** The builder: a name looked up on PATH, or a path. */
  builder: string;
  hardwareDirs: string[];
  toolsDirs: string[];
  /** Libraries a sketch may include (ArduinoIoTCloud for a thing's sketch, sensor drivers), `-libraries` each. */
  librariesDirs: string[];
  /** Boards beyond the AVR ones, `fqbn` → shown name. */
  extraBoards: { fqbn: string; name: string }[];
  timeoutMs: number;
  outputMaxBytes: number;
  concurrency: number;
}

/** Debian 12's `arduino-core-avr` and `arduino-builder` (whose own hardware dir holds the ctags recipe). */
export const DEFAULT_HARDWARE_DIRS = ['/usr/share/arduino/hardware', '/usr/share/arduino-builder'];
export const DEFAULT_TOOLS_DIRS = ['/usr/bin'];

export const INSTALL_HINT =
  'No Arduino toolchain is installed on this server. For AVR boards (Uno, Nano, Mega) install the Debian ' +
  'packages arduino-builder, arduino-core-avr, gcc-avr, avr-libc, arduino-ctags and bubblewrap (the ' +
  'sandbox every compile runs in). For other cores (ESP32, SAMD, Renesas) point COMPILE_HARDWARE_DIRS and ' +
  'COMPILE_TOOLS_DIRS at their hardware and tools directories and list their boards in COMPILE_BOARDS ' +
  '(fqbn=name pairs); COMPILE_LIBRARIES_DIRS adds library directories; COMPILE_BUILDER names another builder.';

/** The AVR boards of Debian's core; Nano and Mega name the cpu the builder needs to be told. */
const AVR_BOARDS = [
  { fqbn: 'arduino:avr:uno', name: 'Arduino Uno', simulated: true },
  { fqbn: 'arduino:avr:nano:cpu=atmega328', name: 'Arduino Nano', simulated: true },
  { fqbn: 'arduino:avr:mega:cpu=atmega2560', name: 'Arduino Mega or Mega 2560', simulated: false },
];

export interface Board {
  fqbn: string;
  name: string;
  architecture: string;
  simulated: boolean;
}

/** An executable's path: a path is checked as given, a bare name is looked up on PATH. */
export function findExecutable(name: string, path = process.env.PATH ?? ''): string | null {
  const candidates = name.includes('/') ? [name] : path.split(delimiter).map((d) => join(d, name));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // not this one
    }
  }
  return null;
}

/** `fqbn=name,fqbn=name` → boards; an fqbn's options hold `=` too, a name never does. */
export function parseBoardList(list: string): { fqbn: string; name: string }[] {
  return list
    .split(',')
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const cut = pair.lastIndexOf('=');
      return { fqbn: pair.slice(0, cut).trim(), name: pair.slice(cut + 1).trim() };
    });
}

export const architectureOf = (fqbn: string) => fqbn.split(':')[1] ?? '';

/** The boards offered: the AVR ones when the AVR core is in a hardware dir, then the operator's. */
export function boardsOf(settings: Pick<CompileSettings, 'hardwareDirs' | 'extraBoards'>): Board[] {
  const avr = settings.hardwareDirs.some((d) => existsSync(join(d, 'arduino', 'avr', 'boards.txt')));
  const builtIn = avr ? AVR_BOARDS.map((b) => ({ ...b, architecture: 'avr' })) : [];
  const extra = settings.extraBoards
    .filter((b) => !builtIn.some((x) => x.fqbn === b.fqbn))
    .map((b) => ({ ...b, architecture: architectureOf(b.fqbn), simulated: false }));
  return [...builtIn, ...extra];
}

/**
 * The board a request names: its exact fqbn, or the fqbn without options when one listed board has it
 * (`arduino:avr:nano` → `arduino:avr:nano:cpu=atmega328`).
 */
export function boardFor(boards: Board[], fqbn: string): Board | undefined {
  return boards.find((b) => b.fqbn === fqbn) ?? boards.find((b) => b.fqbn.startsWith(`${fqbn}:`));
}

/** The builder's arguments for one compile (STACK.md: the command line that works with Debian 12). */
export function builderArgs(
  settings: Pick<CompileSettings, 'hardwareDirs' | 'toolsDirs'> &
    Partial<Pick<CompileSettings, 'librariesDirs'>>,
  job: { fqbn: string; buildPath: string; mainFile: string },
): string[] {
  const args: string[] = [];
  for (const d of settings.hardwareDirs) args.push('-hardware', d);
  for (const d of settings.toolsDirs) args.push('-tools', d);
  for (const d of settings.librariesDirs ?? []) args.push('-libraries', d);
  args.push('-fqbn', job.fqbn, '-build-path', job.buildPath);
  // gcc-avr 5.4 lacks DECIMAL_DIG, which the AVR core 1.8.7's WString.cpp needs.
  if (architectureOf(job.fqbn) === 'avr') args.push('-prefs=compiler.cpp.extra_flags=-DDECIMAL_DIG=17');
  args.push('-compile', job.mainFile);
  return args;
}
