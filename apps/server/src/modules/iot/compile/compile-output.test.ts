import { describe, expect, it } from 'vitest';
import { cutOutput, parseDiagnostics, parseSize, sketchFileMapper } from './compile-output.ts';

// Recorded from arduino-builder 1.3.25 with gcc-avr 5.4 (Debian 12), the sketch copied to /job/Blink.
const FAILED = `/job/Blink/Blink.ino: In function ‘void loop()’:
/job/Blink/Blink.ino:6:3: error: ‘undeclaredThing’ was not declared in this scope
   undeclaredThing = 3;
   ^
/job/Blink/helper.h:2:9: warning: unused variable ‘x’ [-Wunused-variable]
/usr/share/arduino/hardware/arduino/avr/cores/arduino/Arduino.h:5:1: error: something odd
/job/Blink/Blink.ino:6:3: error: ‘undeclaredThing’ was not declared in this scope
exit status 1
`;

const SUCCEEDED = `Sketch uses 876 bytes (2%) of program storage space. Maximum is 32256 bytes.
Global variables use 9 bytes (0%) of dynamic memory, leaving 2039 bytes for local variables. Maximum is 2048 bytes.
`;

describe('parseDiagnostics', () => {
  const fileOf = sketchFileMapper(['/job/Blink', '/job/build/sketch'], ['Blink.ino', 'helper.h']);

  it("names the sketch's own files by their name, others by their path, once each", () => {
    expect(parseDiagnostics(FAILED, fileOf)).toEqual([
      {
        file: 'Blink.ino',
        line: 6,
        column: 3,
        severity: 'error',
        message: '‘undeclaredThing’ was not declared in this scope',
      },
      {
        file: 'helper.h',
        line: 2,
        column: 9,
        severity: 'warning',
        message: 'unused variable ‘x’ [-Wunused-variable]',
      },
      {
        file: '/usr/share/arduino/hardware/arduino/avr/cores/arduino/Arduino.h',
        line: 5,
        column: 1,
        severity: 'error',
        message: 'something odd',
      },
    ]);
  });

  it('reads the preprocessed copy as the .ino and a fatal error as an error', () => {
    const out = '/job/build/sketch/Blink.ino.cpp:1:10: fatal error: nope.h: No such file or directory';
    expect(parseDiagnostics(out, fileOf)).toEqual([
      {
        file: 'Blink.ino',
        line: 1,
        column: 10,
        severity: 'error',
        message: 'nope.h: No such file or directory',
      },
    ]);
  });

  it('finds nothing in a successful output', () => {
    expect(parseDiagnostics(SUCCEEDED, fileOf)).toEqual([]);
  });
});

describe('parseSize', () => {
  it('reads flash and RAM with their maximum', () => {
    expect(parseSize(SUCCEEDED)).toEqual({ flash_bytes: 876, flash_max: 32256, ram_bytes: 9, ram_max: 2048 });
  });
  it('reads a flash line without maximum or RAM line (other cores)', () => {
    expect(parseSize('Sketch uses 1200 bytes of program storage space.')).toEqual({ flash_bytes: 1200 });
  });
  it('is undefined for a failed build', () => {
    expect(parseSize(FAILED)).toBeUndefined();
  });
});

describe('cutOutput', () => {
  it('keeps short output and cuts long output with a note, on a character boundary', () => {
    expect(cutOutput('short', 10)).toBe('short');
    const cut = cutOutput('ééééé', 5);
    expect(cut).toBe('éé\n[output cut: more than 5 bytes]');
  });
});
