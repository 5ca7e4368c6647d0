import { describe, expect, it } from 'vitest';
import { appendBounded } from './serial-log.ts';

describe('serial log', () => {
  it('keeps only the newest characters past its bound', () => {
    expect(appendBounded('abc', 'def', 4)).toBe('cdef');
    expect(appendBounded('', 'hello\r\n')).toBe('hello\r\n');
  });
});
