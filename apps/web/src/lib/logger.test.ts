import { describe, expect, it, vi } from 'vitest';
import { createLogger, DEFAULT_LOG_LEVEL, LOG_LEVEL_KEY, readLogLevel } from './logger.ts';

function fakeConsole() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Console;
}

describe('logger', () => {
  it('prints errors only by default (level 3)', () => {
    const sink = fakeConsole();
    const log = createLogger(() => DEFAULT_LOG_LEVEL, sink);
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(sink.info).not.toHaveBeenCalled();
    expect(sink.warn).not.toHaveBeenCalled();
    expect(sink.error).toHaveBeenCalledWith('e');
  });

  it('prints everything at 0 and nothing at 4', () => {
    const verbose = fakeConsole();
    createLogger(() => 0, verbose).debug('d');
    expect(verbose.debug).toHaveBeenCalledWith('d');
    const off = fakeConsole();
    createLogger(() => 4, off).error('e');
    expect(off.error).not.toHaveBeenCalled();
  });

  it('reads the level from local storage and ignores bad values', () => {
    localStorage.setItem(LOG_LEVEL_KEY, '1');
    expect(readLogLevel()).toBe(1);
    localStorage.setItem(LOG_LEVEL_KEY, 'loud');
    expect(readLogLevel()).toBe(3);
    localStorage.setItem(LOG_LEVEL_KEY, '9');
    expect(readLogLevel()).toBe(3);
    localStorage.removeItem(LOG_LEVEL_KEY);
    expect(readLogLevel()).toBe(3);
  });
});
