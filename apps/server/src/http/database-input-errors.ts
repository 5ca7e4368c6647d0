import { sqlStateOf } from '../db/errors.ts';

/**
 * PostgreSQL errors that only a value from the request can cause (SQLSTATE class 22 "data exception" and
 * program limits such as an index row too large). Validation should refuse such values first; this list is
 * the safety net that keeps a missed case a 400 instead of a 500.
 */
const INPUT_SQLSTATES: Record<string, string> = {
  '22001': 'A value is too long.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time is not valid.',
  '22008': 'A date or time is out of range.',
  '22021': 'A text holds bytes that are not valid text.',
  '22025': 'A search pattern is not valid.',
  '2201B': 'A search pattern is not valid.',
  '22P02': 'A value is not valid for its type.',
  '22P05': 'A text holds a character that cannot be stored.',
  '54000': 'A value is too large.',
};

/** The detail to answer when `err` is a database error caused by a bad value in the request, else undefined. */
export function inputErrorDetail(err: unknown): string | undefined {
  const state = sqlStateOf(err);
  return state === undefined ? undefined : INPUT_SQLSTATES[state];
}
