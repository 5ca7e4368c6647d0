import { describe, expect, it } from 'vitest';
import { commonNameOf } from './certificate-subject.ts';

describe('commonNameOf', () => {
  it('reads the one common name among the other attributes', () => {
    expect(commonNameOf('C=IT\nO=Arduino\nCN=2f4c3b4e-4bd0-4b1e-9ad7-0d1ce1d6c6a1')).toBe(
      '2f4c3b4e-4bd0-4b1e-9ad7-0d1ce1d6c6a1',
    );
  });

  it('has none for a subject without a common name, or with two', () => {
    expect(commonNameOf('C=IT\nO=Arduino')).toBeUndefined();
    expect(commonNameOf('CN=a\nCN=b')).toBeUndefined();
    expect(commonNameOf('')).toBeUndefined();
  });
});
