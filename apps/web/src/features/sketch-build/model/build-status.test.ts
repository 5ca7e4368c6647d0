import type { CompileJob } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { jobStatusText, missingLibraryHint, sizeText } from './build-status.ts';

const job = (over: Partial<CompileJob>): CompileJob => ({
  id: 'j1',
  sketch_id: 's1',
  fqbn: 'arduino:avr:uno',
  status: 'queued',
  created_at: '2026-12-03T10:00:00Z',
  output: '',
  diagnostics: [],
  ...over,
});

describe('build status', () => {
  it("says the program's size with the board's limits when known", () => {
    expect(sizeText({ flash_bytes: 1234, flash_max: 32256, ram_bytes: 188, ram_max: 2048 })).toBe(
      'Program storage: 1,234 of 32,256 bytes (4%); dynamic memory: 188 of 2,048 bytes (9%)',
    );
    expect(sizeText({ flash_bytes: 900 })).toBe('Program storage: 900 bytes');
  });

  it('says where a job is', () => {
    expect(jobStatusText(job({ queue_position: 2 }))).toBe('Waiting for the compiler: 2 builds ahead.');
    expect(jobStatusText(job({ status: 'running' }))).toBe('Compiling…');
    expect(
      jobStatusText(
        job({
          status: 'failed',
          diagnostics: [{ file: 'a.ino', line: 1, column: 1, severity: 'error', message: 'x' }],
        }),
      ),
    ).toBe('Compilation failed: 1 error.');
    expect(jobStatusText(job({ status: 'timed_out' }))).toMatch(/time limit/);
  });

  it('says a missing library is for the operator to add, with what a thing sketch needs', () => {
    const missing = (message: string) =>
      missingLibraryHint(
        job({
          status: 'failed',
          diagnostics: [{ file: 'a.h', line: 4, column: 10, severity: 'error', message }],
        }),
      );
    expect(missing('ArduinoIoTCloud.h: No such file or directory')).toMatch(
      /ArduinoIoTCloud library and a board with a network/,
    );
    expect(missing('DHT.h: No such file or directory')).toBe(
      "DHT.h is not installed on this server: the sketch includes a library the server's operator has to add (COMPILE_LIBRARIES_DIRS).",
    );
    expect(missing("'x' was not declared in this scope")).toBeNull();
  });
});
