import { describe, expect, it } from 'vitest';
import { programExtent } from './program-extent.ts';

describe('programExtent', () => {
  it('drops the erased bytes after the program', () => {
    expect([...programExtent(new Uint8Array([1, 0xff, 2, 0xff, 0xff]))]).toEqual([1, 0xff, 2]);
    expect(programExtent(new Uint8Array([0xff])).length).toBe(0);
  });
});
