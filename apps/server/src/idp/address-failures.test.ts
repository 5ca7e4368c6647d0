import { describe, expect, it } from 'vitest';
import { createAddressFailures } from './address-failures.ts';

describe('failed sign-ins per address', () => {
  it('holds an address back once it failed max times in its window, until the window ends', () => {
    let now = 0;
    const failures = createAddressFailures({ max: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(failures.blockedFor('a')).toBe(0);
      failures.failed('a');
      now += 1000;
    }
    expect(failures.blockedFor('a')).toBe(57_000);
    expect(failures.blockedFor('b')).toBe(0);
    now = 60_000;
    expect(failures.blockedFor('a')).toBe(0);
    failures.failed('a');
    expect(failures.blockedFor('a')).toBe(0);
  });
});
