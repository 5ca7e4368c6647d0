import { describe, expect, it } from 'vitest';
import { isDeviceName } from './iot/names.ts';
import { isConformantName, isUuid, NAME_MAX_LENGTH, toConformantName } from './validation.ts';

describe('isConformantName', () => {
  it('accepts a letter or digit followed by letters, digits, underscore, dot or hyphen', () => {
    expect(isConformantName('a')).toBe(true);
    expect(isConformantName('7segment')).toBe(true);
    expect(isConformantName('My_Sketch-v1.2')).toBe(true);
  });

  it('refuses names that start with a symbol', () => {
    expect(isConformantName('_sketch')).toBe(false);
    expect(isConformantName('-sketch')).toBe(false);
    expect(isConformantName('.sketch')).toBe(false);
  });

  it('refuses empty names, spaces, accents and other symbols', () => {
    expect(isConformantName('')).toBe(false);
    expect(isConformantName('my sketch')).toBe(false);
    expect(isConformantName('café')).toBe(false);
    expect(isConformantName('a/b')).toBe(false);
    expect(isConformantName('a$')).toBe(false);
  });

  it('allows at most 63 characters in total', () => {
    expect(NAME_MAX_LENGTH).toBe(63);
    expect(isConformantName('a'.repeat(63))).toBe(true);
    expect(isConformantName('a'.repeat(64))).toBe(false);
  });
});

describe('toConformantName', () => {
  it('drops accents', () => {
    expect(toConformantName('Éléphant café')).toBe('Elephant_cafe');
  });

  it('turns each run of whitespace into one underscore', () => {
    expect(toConformantName('my  new\tsketch')).toBe('my_new_sketch');
  });

  it('strips characters outside the alphabet and keeps _ . -', () => {
    expect(toConformantName('temp (°C)! v1.0-beta_2')).toBe('temp_C_v1.0-beta_2');
  });

  it('produces names that pass the check for ordinary input', () => {
    expect(isConformantName(toConformantName('Serre de Noël 2'))).toBe(true);
  });
});

describe('isUuid', () => {
  it('accepts 8-4-4-4-12 hex in either case', () => {
    expect(isUuid('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isUuid('123E4567-E89B-12D3-A456-426614174000')).toBe(true);
  });

  it('refuses built-in template ids and malformed values', () => {
    expect(isUuid('weather-station')).toBe(false);
    expect(isUuid('123e4567e89b12d3a456426614174000')).toBe(false);
    expect(isUuid('123e4567-e89b-12d3-a456-42661417400')).toBe(false);
    expect(isUuid('123e4567-e89b-12d3-a456-4266141740000')).toBe(false);
    expect(isUuid('g23e4567-e89b-12d3-a456-426614174000')).toBe(false);
    expect(isUuid(' 123e4567-e89b-12d3-a456-426614174000')).toBe(false);
  });
});

describe('isDeviceName (the IoT API rule the server and the web share)', () => {
  it('accepts upstream names and serials up to 64 characters', () => {
    expect(isDeviceName('my-board_1.a@b')).toBe(true);
    expect(isDeviceName('a'.repeat(64))).toBe(true);
  });
  it('refuses empty, too long, spaces and other characters', () => {
    for (const name of ['', 'a'.repeat(65), 'my board', 'ä', 'a/b'])
      expect(isDeviceName(name), name).toBe(false);
  });
});
