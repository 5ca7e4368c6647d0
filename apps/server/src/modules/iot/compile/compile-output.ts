import type { CompileDiagnostic, CompileSize } from '@tinkercloud/shared';

/**
 * Reading the builder's output (arduino-builder, gcc): diagnostics as `<file>:<line>:<col>: error: <text>`
 * and the two size lines it prints on success. Pure, so it is tested on recorded output.
 */

const DIAGNOSTIC = /^(.+?):(\d+):(\d+): (fatal error|error|warning): (.*)$/;

/**
 * Diagnostics of the output. `fileOf` turns the path gcc printed into the name shown: the sketch's own file
 * name for a file of the sketch (gcc reports the `.ino` and its line, thanks to the builder's `#line`
 * directives), else the path as printed (a core or library file). The same diagnostic printed twice is kept
 * once.
 */
export function parseDiagnostics(output: string, fileOf: (path: string) => string): CompileDiagnostic[] {
  const seen = new Set<string>();
  const found: CompileDiagnostic[] = [];
  for (const line of output.split('\n')) {
    const m = DIAGNOSTIC.exec(line.trimEnd());
    if (!m) continue;
    const [, path, ln, col, kind, message] = m as unknown as [string, string, string, string, string, string];
    const d: CompileDiagnostic = {
      file: fileOf(path),
      line: Number(ln),
      column: Number(col),
      severity: kind === 'warning' ? 'warning' : 'error',
      message,
    };
    const key = JSON.stringify(d);
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(d);
  }
  return found;
}

const FLASH =
  /Sketch uses (\d+) bytes(?: \(\d+%\))? of program storage space\.(?: Maximum is (\d+) bytes\.)?/;
const RAM =
  /Global variables use (\d+) bytes(?: \(\d+%\))? of dynamic memory(?:[^.]*)\.(?: Maximum is (\d+) bytes\.)?/;

/** The flash and RAM use the builder prints on success; undefined when it printed none. */
export function parseSize(output: string): CompileSize | undefined {
  const flash = FLASH.exec(output);
  if (!flash) return undefined;
  const ram = RAM.exec(output);
  return {
    flash_bytes: Number(flash[1]),
    ...(flash[2] && { flash_max: Number(flash[2]) }),
    ...(ram && { ram_bytes: Number(ram[1]) }),
    ...(ram?.[2] && { ram_max: Number(ram[2]) }),
  };
}

/**
 * Maps a path of the job's copy back to the sketch's file name: `{sketchDir}/Blink.ino` (or the build's
 * `sketch/` copy of it) → `Blink.ino` when the sketch holds that file; any other path stays as printed.
 */
export function sketchFileMapper(dirs: string[], names: readonly string[]) {
  const own = new Set(names);
  return (path: string) => {
    for (const dir of dirs) {
      const prefix = dir.endsWith('/') ? dir : `${dir}/`;
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      // The builder's preprocessed copy is `Blink.ino.cpp`: it stands for the `.ino`.
      const name = rest.endsWith('.ino.cpp') ? rest.slice(0, -4) : rest;
      if (own.has(name)) return name;
    }
    return path;
  };
}

/** Cuts text at `max` bytes (on a character boundary) and says so at the end. */
export function cutOutput(text: string, max: number): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= max) return text;
  const cut = bytes
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return `${cut}${cutNote(max)}`;
}

/** The note that ends output cut at the limit. */
export const cutNote = (max: number) => `\n[output cut: more than ${max} bytes]`;
