import { describe, expect, it } from 'vitest';
import { ECHO_PAIR_MS, withoutEchoes } from './messages.ts';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const newestFirst = (...messages: [number, unknown][]) =>
  messages.map(([ms, value]) => ({ at: at(ms), value })).reverse();

describe('withoutEchoes', () => {
  it('shows a cloud write once when the board echoes it', () => {
    expect(withoutEchoes(newestFirst([0, 'hello'], [800, 'hello'], [5_000, 'bye'], [5_400, 'bye']))).toEqual(
      newestFirst([0, 'hello'], [5_000, 'bye']),
    );
  });

  it('pairs an echo stored before the write (a board clock behind the server’s)', () => {
    expect(withoutEchoes(newestFirst([0, 'hi'], [300, 'hi']))).toHaveLength(1);
  });

  it('keeps the same text sent again later, and a different text in between', () => {
    const list = newestFirst(
      [0, 'on'],
      [ECHO_PAIR_MS + 1, 'on'],
      [ECHO_PAIR_MS + 2, 'off'],
      [ECHO_PAIR_MS + 3, 'on'],
    );
    expect(withoutEchoes(list)).toEqual(list);
  });

  it('pairs each message at most once: a board repeating itself loses only the echo-like half', () => {
    expect(withoutEchoes(newestFirst([0, 'ok'], [1_000, 'ok'], [2_000, 'ok'], [3_000, 'ok']))).toEqual(
      newestFirst([0, 'ok'], [2_000, 'ok']),
    );
  });

  it('compares values, not only texts', () => {
    expect(withoutEchoes(newestFirst([0, { a: 1 }], [10, { a: 1 }], [20, { a: 2 }]))).toEqual(
      newestFirst([0, { a: 1 }], [20, { a: 2 }]),
    );
  });
});
