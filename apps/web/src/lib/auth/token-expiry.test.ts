import { describe, expect, it } from 'vitest';
import { isTokenFresh } from './token-expiry.ts';

describe('isTokenFresh', () => {
  const now = 1_000_000 * 1000;

  it('counts a token as expired 60 s early', () => {
    expect(isTokenFresh(1_000_061, now)).toBe(true);
    expect(isTokenFresh(1_000_060, now)).toBe(false);
    expect(isTokenFresh(999_999, now)).toBe(false);
  });

  it('treats a token without expiry as not fresh', () => {
    expect(isTokenFresh(undefined, now)).toBe(false);
  });
});
