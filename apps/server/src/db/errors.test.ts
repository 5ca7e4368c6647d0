import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseErrorOf, isUniqueViolation, sqlStateOf } from './errors.ts';

/** A database error as drivers raise it (node-postgres and PGlite both carry the SQLSTATE as `code`). */
const pgError = (code: string, constraint?: string) =>
  Object.assign(new Error('database error'), { code, constraint });

describe('database errors', () => {
  it("reads the SQLSTATE and the constraint through drizzle's wrapper", () => {
    const wrapped = new DrizzleQueryError('insert …', [], pgError('23503', 'things_users_id_fk'));
    expect(databaseErrorOf(wrapped)).toEqual({ code: '23503', constraint: 'things_users_id_fk' });
    expect(sqlStateOf(wrapped)).toBe('23503');
    expect(sqlStateOf(pgError('22P02'))).toBe('22P02');
  });

  it('knows a unique violation, wrapped or not, and nothing else as one', () => {
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
    expect(isUniqueViolation(new DrizzleQueryError('insert …', [], pgError('23505')))).toBe(true);
    expect(isUniqueViolation(pgError('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('does not take a Node.js error code for a database error', () => {
    expect(databaseErrorOf(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(databaseErrorOf(new Error('boom'))).toBeUndefined();
  });
});
