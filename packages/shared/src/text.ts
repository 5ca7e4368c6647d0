import { z } from 'zod';

/**
 * What counts as text from outside (names, ids, filters, URLs, file paths, free text). PostgreSQL cannot
 * store NUL in text or jsonb at all, and no other control character belongs in something a person types or
 * reads; an unpaired UTF-16 surrogate is not Unicode and cannot be encoded as UTF-8. Line breaks and tabs are
 * allowed only in multi-line text (sketch code, certificates, message bodies, string values).
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
/** Control characters other than tab, line feed and carriage return, and unpaired surrogates. */
const MULTI_LINE_FORBIDDEN = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

export const CONTROL_CHARACTERS_MESSAGE = 'no control characters';

/** Why `value` is not acceptable text, or undefined when it is. */
export function textProblem(value: string, options: { multiLine: boolean }): string | undefined {
  const forbidden = options.multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return forbidden.test(value) ? CONTROL_CHARACTERS_MESSAGE : undefined;
}

/** A zod string that holds one line of text: no control characters at all (no line breaks either). */
export function singleLineText() {
  return z.string().refine((v) => textProblem(v, { multiLine: false }) === undefined, {
    message: CONTROL_CHARACTERS_MESSAGE,
  });
}
