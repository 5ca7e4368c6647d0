import type { Certificate } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { commonNameOf } from './certificate-subject.ts';

/** A subject as Node's `getPeerCertificate()` builds it: a null-prototype object, an array for a repeated field. */
const subject = (fields: Record<string, string | string[]>) =>
  Object.assign(Object.create(null), fields) as Certificate;

describe('commonNameOf', () => {
  it('reads the one common name among the other attributes', () => {
    expect(commonNameOf(subject({ C: 'IT', O: 'Arduino', CN: '2f4c3b4e-4bd0-4b1e-9ad7-0d1ce1d6c6a1' }))).toBe(
      '2f4c3b4e-4bd0-4b1e-9ad7-0d1ce1d6c6a1',
    );
  });

  it('has none for a subject without a common name, or with two', () => {
    expect(commonNameOf(subject({ C: 'IT', O: 'Arduino' }))).toBeUndefined();
    expect(commonNameOf(subject({ CN: ['a', 'b'] }))).toBeUndefined();
    expect(commonNameOf(undefined)).toBeUndefined();
  });
});
