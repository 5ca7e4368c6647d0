/**
 * One compile through the real sandbox and toolchain, without the HTTP side: the secrets reach the sketch as
 * `arduino_secrets.h` when it has none, and a stored one wins.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { runCompile } from './run-compile.ts';
import { sandboxed } from './sandbox.ts';
import { findExecutable } from './toolchain.ts';

const settings = loadConfig({}).compile;

function compile(files: Record<string, string>, secrets: { name: string; value: string }[]) {
  const bwrap = findExecutable('bwrap');
  const builder = findExecutable(settings.builder);
  if (!bwrap || !builder) throw new Error('arduino-builder and bwrap must be installed');
  return runCompile({
    settings,
    builder,
    sandbox: (jobDir, command, args) =>
      sandboxed({
        bwrap,
        setpriv: findExecutable('setpriv'),
        jobDir,
        readOnlyDirs: [...settings.hardwareDirs, ...settings.toolsDirs],
        command,
        args,
      }),
    sketch: { name: 'Secrets', files: Object.entries(files).map(([name, content]) => ({ name, content })) },
    secrets,
    fqbn: 'arduino:avr:uno',
  });
}

// The build fails unless SECRET_SSID is exactly `Home "5G"\` (10 characters and the NUL).
const USES_SECRET = `#include "arduino_secrets.h"
static_assert(sizeof(SECRET_SSID) == 11, "SECRET_SSID is not the stored value");
const char ssid[] = SECRET_SSID;
void setup() { Serial.begin(9600); Serial.print(ssid); }
void loop() {}
`;

describe('runCompile', () => {
  it("writes arduino_secrets.h from the sketch's secrets, escaped", async () => {
    const result = await compile({ 'Secrets.ino': USES_SECRET }, [
      { name: 'SECRET_SSID', value: 'Home "5G"\\' },
    ]);
    expect(result.status, result.output).toBe('succeeded');
    expect(result.artefact?.data.toString().startsWith(':')).toBe(true);
  });

  it('keeps the arduino_secrets.h the sketch holds', async () => {
    const result = await compile(
      { 'Secrets.ino': USES_SECRET, 'arduino_secrets.h': '#define SECRET_SSID "short"\n' },
      [{ name: 'SECRET_SSID', value: 'Home "5G"\\' }],
    );
    expect(result.status).toBe('failed');
    expect(result.diagnostics[0]).toMatchObject({
      file: 'Secrets.ino',
      line: 2,
      message: expect.stringContaining('SECRET_SSID is not the stored value'),
    });
  });

  it('refuses a sketch without its main .ino and file names with a directory part', async () => {
    expect((await compile({ 'Other.ino': 'void setup(){}' }, [])).output).toContain('has no Secrets.ino');
    expect((await compile({ 'Secrets.ino': '', '../x.h': '' }, [])).output).toContain('"../x.h"');
  });
});
