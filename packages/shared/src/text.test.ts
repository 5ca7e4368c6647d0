import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, singleLineText, textProblem } from './text.ts';

describe('textProblem', () => {
  it('accepts ordinary text, accents, emoji and other scripts', () => {
    for (const v of ['', 'Greenhouse 1', 'café', 'テスト', '🌱 sensor', 'a/b/c.ino']) {
      expect(textProblem(v, { multiLine: false })).toBeUndefined();
      expect(textProblem(v, { multiLine: true })).toBeUndefined();
    }
  });

  it('refuses NUL, other C0 and C1 controls, DEL and unpaired surrogates everywhere', () => {
    for (const v of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', '\u0085', 'a\ud800', '\udfffz']) {
      expect(textProblem(v, { multiLine: false }), JSON.stringify(v)).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(textProblem(v, { multiLine: true }), JSON.stringify(v)).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('allows tab and line breaks in multi-line text only', () => {
    for (const v of ['a\tb', 'line 1\nline 2', 'crlf\r\n']) {
      expect(textProblem(v, { multiLine: true })).toBeUndefined();
      expect(textProblem(v, { multiLine: false })).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });
});

describe('singleLineText', () => {
  it('is a zod string that refuses control characters', () => {
    expect(singleLineText().safeParse('ok').success).toBe(true);
    expect(singleLineText().max(3).safeParse('long').success).toBe(false);
    const bad = singleLineText().safeParse('a\nb');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });
});
