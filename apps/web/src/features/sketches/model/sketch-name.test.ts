import { describe, expect, it } from 'vitest';
import { checkSketchName } from './sketch-name.ts';

describe('checkSketchName', () => {
  it('previews the conformant name', () => {
    expect(checkSketchName("Mon capteur d'été")).toEqual({ name: 'Mon_capteur_dete', problem: null });
    expect(checkSketchName('  Blink  ')).toEqual({ name: 'Blink', problem: null });
  });

  it('refuses what isConformantName refuses, saying why', () => {
    expect(checkSketchName('').problem).toBe('Give the sketch a name.');
    expect(checkSketchName('!!!').problem).toMatch(/none of these characters/);
    expect(checkSketchName('_hidden').problem).toBe('Start the name with a letter or a digit.');
    expect(checkSketchName('a'.repeat(64)).problem).toMatch(/63 characters/);
  });
});
