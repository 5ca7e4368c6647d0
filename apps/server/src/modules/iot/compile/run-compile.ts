import { chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompileDiagnostic, CompileSize } from '@tinkercloud/shared';
import { cutNote, parseDiagnostics, parseSize, sketchFileMapper } from './compile-output.ts';
import { runProcess } from './run-process.ts';
import { JOB_DIR, type SandboxCommand } from './sandbox.ts';
import { architectureOf, builderArgs, type CompileSettings } from './toolchain.ts';

export interface SketchToCompile {
  name: string;
  files: { name: string; content: string }[];
}

export interface CompileResult {
  status: 'succeeded' | 'failed' | 'timed_out' | 'cancelled';
  output: string;
  diagnostics: CompileDiagnostic[];
  size?: CompileSize;
  artefact?: { name: string; format: 'hex' | 'bin'; data: Buffer };
}

/** `#define NAME "value"` lines, values escaped as C string literals. */
export function secretsHeader(secrets: { name: string; value: string }[]): string {
  const cString = (v: string) =>
    Array.from(Buffer.from(v, 'utf8'))
      .map((b) => {
        if (b === 0x22) return '\\"';
        if (b === 0x5c) return '\\\\';
        if (b === 0x0a) return '\\n';
        if (b === 0x0d) return '\\r';
        if (b === 0x09) return '\\t';
        // Octal, always three digits, so a following digit is never read as part of it.
        if (b < 0x20 || b >= 0x7f) return `\\${b.toString(8).padStart(3, '0')}`;
        return String.fromCharCode(b);
      })
      .join('');
  return secrets.map((s) => `#define ${s.name} "${cString(s.value)}"\n`).join('');
}

/** A plain file name: no directory part, nothing hidden. The sketch's own files only ever look like this. */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

async function chownTree(dir: string, id: number) {
  await chown(dir, id, id);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    await chown(join(entry.parentPath, entry.name), id, id);
  }
}

/**
 * One compile in a fresh temporary directory: `{tmp}/{Sketch}/{files}` with `build/` beside it, run through
 * the sandbox, the output read for diagnostics and sizes, the artefact taken; the directory goes after.
 */
export async function runCompile(opts: {
  settings: CompileSettings;
  sandbox: (jobDir: string, command: string, args: string[]) => SandboxCommand;
  builder: string;
  sketch: SketchToCompile;
  secrets: { name: string; value: string }[];
  fqbn: string;
  /** Aborted when the server closes: the build is killed and the job cancelled. */
  signal?: AbortSignal;
}): Promise<CompileResult> {
  const { sketch, settings } = opts;
  const fail = (output: string): CompileResult => ({ status: 'failed', output, diagnostics: [] });
  if (!SAFE_NAME.test(sketch.name)) return fail(`The sketch name "${sketch.name}" cannot be compiled.\n`);
  const bad = sketch.files.find((f) => !SAFE_NAME.test(f.name));
  if (bad) return fail(`The file name "${bad.name}" cannot be compiled.\n`);
  const main = `${sketch.name}.ino`;
  if (!sketch.files.some((f) => f.name === main)) return fail(`The sketch has no ${main}.\n`);

  const dir = await mkdtemp(join(tmpdir(), 'tinkercloud-compile-'));
  try {
    const sketchDir = join(dir, sketch.name);
    await mkdir(sketchDir);
    await mkdir(join(dir, 'build'));
    for (const f of sketch.files) await writeFile(join(sketchDir, f.name), f.content);
    // Secrets are stored apart from the files; the sketch includes them from this header.
    if (!sketch.files.some((f) => f.name === 'arduino_secrets.h')) {
      await writeFile(join(sketchDir, 'arduino_secrets.h'), secretsHeader(opts.secrets));
    }
    const inside = { sketch: `${JOB_DIR}/${sketch.name}`, build: `${JOB_DIR}/build` };
    const run = opts.sandbox(
      dir,
      opts.builder,
      builderArgs(settings, {
        fqbn: opts.fqbn,
        buildPath: inside.build,
        mainFile: `${inside.sketch}/${main}`,
      }),
    );
    if (run.chownTo !== undefined) await chownTree(dir, run.chownTo);
    const result = await runProcess({
      command: run.command,
      args: run.args,
      timeoutMs: settings.timeoutMs,
      maxBytes: settings.outputMaxBytes,
      signal: opts.signal,
    });
    const output = result.cut ? `${result.output}${cutNote(settings.outputMaxBytes)}` : result.output;
    const fileOf = sketchFileMapper(
      [inside.sketch, `${inside.build}/sketch`, sketchDir],
      sketch.files.map((f) => f.name).concat('arduino_secrets.h'),
    );
    const diagnostics = parseDiagnostics(output, fileOf);
    if (result.aborted) {
      return {
        status: 'cancelled',
        output: `${output}\n[stopped: the server was shutting down]`,
        diagnostics,
      };
    }
    if (result.timedOut) {
      return { status: 'timed_out', output: `${output}\n[stopped: over the time limit]`, diagnostics };
    }
    if (result.code !== 0) return { status: 'failed', output, diagnostics };
    const format = architectureOf(opts.fqbn) === 'avr' ? 'hex' : 'bin';
    const name = `${main}.${format}`;
    const data = await readFile(join(dir, 'build', name)).catch(() => null);
    if (!data) return { status: 'failed', output: `${output}\nThe builder wrote no ${name}.\n`, diagnostics };
    return {
      status: 'succeeded',
      output,
      diagnostics,
      size: parseSize(output),
      artefact: { name, format, data },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
