import { describe, expect, it } from 'vitest';
import { builderArgs, parseBoardList } from './toolchain.ts';

describe('builderArgs', () => {
  it("passes the operator's hardware, tools and library directories, and the AVR core's DECIMAL_DIG fix", () => {
    const args = builderArgs(
      { hardwareDirs: ['/h'], toolsDirs: ['/t'], librariesDirs: ['/libs/a', '/libs/b'] },
      { fqbn: 'arduino:avr:uno', buildPath: '/b', mainFile: '/s/S.ino' },
    );
    expect(args).toEqual([
      '-hardware',
      '/h',
      '-tools',
      '/t',
      '-libraries',
      '/libs/a',
      '-libraries',
      '/libs/b',
      '-fqbn',
      'arduino:avr:uno',
      '-build-path',
      '/b',
      '-prefs=compiler.cpp.extra_flags=-DDECIMAL_DIG=17',
      '-compile',
      '/s/S.ino',
    ]);
  });

  it('reads fqbn=name pairs whose fqbn holds options', () => {
    expect(parseBoardList('esp32:esp32:esp32=ESP32 Dev,arduino:avr:nano:cpu=atmega328old=Nano old')).toEqual([
      { fqbn: 'esp32:esp32:esp32', name: 'ESP32 Dev' },
      { fqbn: 'arduino:avr:nano:cpu=atmega328old', name: 'Nano old' },
    ]);
  });
});
