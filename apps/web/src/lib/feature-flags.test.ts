import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, readLevel, readSwitch, writeFlag } from './feature-flags.ts';
import { readLogLevel } from './logger.ts';

describe('feature flags', () => {
  it('use exactly the spec keys', () => {
    expect(FEATURE_FLAGS.map((f) => f.key)).toEqual([
      'enable-view-transition',
      'logger-print-level',
      'provisioning-force-version',
      'provisioning-force-webserial',
      'provisioning-ignore-known-board-filter',
      'table-hover-preload',
    ]);
  });

  it('default to off, log level 3 and force version 0', () => {
    expect(readSwitch('enable-view-transition')).toBe(false);
    expect(readSwitch('table-hover-preload')).toBe(false);
    expect(readLevel('logger-print-level')).toBe(3);
    expect(readLevel('provisioning-force-version')).toBe(0);
  });

  it('persist locally and ignore values out of range', () => {
    writeFlag('provisioning-force-webserial', true);
    writeFlag('logger-print-level', 1);
    expect(readSwitch('provisioning-force-webserial')).toBe(true);
    expect(readLevel('logger-print-level')).toBe(1);
    expect(readLogLevel()).toBe(1);
    localStorage.setItem('provisioning-force-version', '7');
    expect(readLevel('provisioning-force-version')).toBe(0);
    writeFlag('provisioning-force-version', 2);
    expect(readLevel('provisioning-force-version')).toBe(2);
  });
});
