import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors.ts';
import { checkRawUrl, parseFilePath, parseSketchPath } from './sketch-paths.ts';

const ROOT = '$HOME/sketches_v2';
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError ? err.status : 'other';
  }
  return 'accepted';
};

describe('sketch paths', () => {
  it('accepts the root, a sketch folder and a file in it', () => {
    expect(parseSketchPath(ROOT)).toEqual({ kind: 'root' });
    expect(parseSketchPath(`${ROOT}/Blink`)).toEqual({ kind: 'sketch', sketch: 'Blink' });
    expect(parseFilePath(`${ROOT}/Blink/Blink.ino`)).toMatchObject({ sketch: 'Blink', file: 'Blink.ino' });
  });

  it('refuses traversal, empty parts, other roots, backslashes, NUL, bad names and extensions with a 400', () => {
    for (const path of [
      `${ROOT}/..`,
      `${ROOT}/Blink/..`,
      `${ROOT}/Blink/../Other/a.h`,
      `${ROOT}/./Blink`,
      `${ROOT}/Blink/.`,
      `${ROOT}//Blink`,
      `${ROOT}/Blink/`,
      `${ROOT}/`,
      `/${ROOT}/Blink/a.h`,
      '/etc/passwd',
      '$HOME/sketches_v2x/a',
      '$HOME/sketches/Blink/a.h',
      `${ROOT}/Blink\\a.h`,
      `${ROOT}/Blink/a\0.h`,
      `${ROOT}/Blink/sub/a.h`,
      `${ROOT}/Blink/a`,
      `${ROOT}/Blink/a.exe`,
      `${ROOT}/Blink/.h`,
      `${ROOT}/-Blink/a.h`,
      `${ROOT}/Bl ink/a.h`,
      `${ROOT}/Blink/${'a'.repeat(62)}.h`,
    ]) {
      expect(
        refused(() => parseSketchPath(path)),
        path,
      ).toBe(400);
    }
    expect(refused(() => parseFilePath(`${ROOT}/Blink`))).toBe(400);
  });

  it('refuses encoded separators in the raw URL, whatever their case, and not in the query', () => {
    for (const url of ['/f/a%2Fb', '/f/a%2fb', '/f/a%5Cb', '/f/a%5cb', '/f/a%00b']) {
      expect(
        refused(() => checkRawUrl(url)),
        url,
      ).toBe(400);
    }
    expect(refused(() => checkRawUrl('/f/%24HOME/sketches_v2?x=%2F'))).toBe('accepted');
  });
});
