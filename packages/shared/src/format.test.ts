import { describe, expect, it } from 'vitest';
import { avatarInitials, formatBytes, plural } from './format.ts';

describe('plural', () => {
  it('adds s unless the count is exactly 1', () => {
    expect(plural('device', 1)).toBe('device');
    expect(plural('device', 0)).toBe('devices');
    expect(plural('device', 2)).toBe('devices');
    expect(plural('device', -1)).toBe('devices');
  });
});

describe('formatBytes', () => {
  it('uses 1024 units', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1024 ** 2)).toBe('1 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
  });

  it('keeps 2 decimals by default and drops trailing zeros', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(500)).toBe('500 Bytes');
  });

  it('honours a custom number of decimals', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 3)).toBe('1.177 MB');
  });

  it('shows zero, negative and non-finite sizes as 0 Bytes', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });

  it('stays in the largest unit for huge sizes', () => {
    expect(formatBytes(1024 ** 6)).toBe('1024 PB');
  });
});

describe('avatarInitials', () => {
  it('takes the first letters of the first two words', () => {
    expect(avatarInitials('Ada Lovelace')).toBe('AL');
    expect(avatarInitials('ada byron lovelace')).toBe('AB');
  });

  it('takes the first two letters of a single word', () => {
    expect(avatarInitials('grace')).toBe('GR');
    expect(avatarInitials('x')).toBe('X');
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(avatarInitials('  Alan   Turing ')).toBe('AT');
  });

  it('gives an empty string for an empty name', () => {
    expect(avatarInitials('')).toBe('');
    expect(avatarInitials('   ')).toBe('');
  });

  it('keeps letters outside the basic plane whole', () => {
    expect(avatarInitials('𝒜lice 𝒷ob')).toBe('𝒜𝒷');
  });
});
