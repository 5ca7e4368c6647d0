import { randomInt } from 'node:crypto';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const JOIN_CODE_LENGTH = 8;

/** A random join code: 8 characters of a 32-letter alphabet (40 bits). */
export function generateJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** Codes are typed by people: compare upper-cased and trimmed. */
export const normaliseJoinCode = (code: string) => code.trim().toUpperCase();
