import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { sqlStateOf } from '../db/errors.ts';
import { inputErrorDetail } from './database-input-errors.ts';
import { installErrorHandling } from './error-handler.ts';

/** A database error as drivers raise it (node-postgres and PGlite both carry the SQLSTATE as `code`). */
function pgError(code: string) {
  return Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
}

describe('database errors that only bad input causes', () => {
  it("finds the SQLSTATE through drizzle's wrapper", () => {
    const wrapped = new DrizzleQueryError('select $1', ['a\u0000'], pgError('22021'));
    expect(sqlStateOf(wrapped)).toBe('22021');
    expect(inputErrorDetail(wrapped)).toBe('A text holds bytes that are not valid text.');
    expect(inputErrorDetail(pgError('22P02'))).toBe('A value is not valid for its type.');
    // Not the caller's fault: a lost connection, a unique violation, a syntax error in our SQL.
    for (const code of ['08006', '23505', '42601']) expect(inputErrorDetail(pgError(code))).toBeUndefined();
    expect(inputErrorDetail(new Error('boom'))).toBeUndefined();
    expect(inputErrorDetail(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
  });

  it('answers 400 in the error body and logs a warning, while other errors stay 500', async () => {
    const lines: { level: number; msg: string; sqlState?: string }[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ level: 'warn' }, sink) as FastifyBaseLogger });
    installErrorHandling(app);
    app.get('/bad-value', async () => {
      throw new DrizzleQueryError('insert …', [], pgError('22001'));
    });
    app.get('/broken', async () => {
      throw pgError('42601');
    });
    const bad = await app.inject('/bad-value');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_request', status: 400, detail: 'A value is too long.' });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'database refused a value from the request',
        sqlState: '22001',
      }),
    );
    const broken = await app.inject('/broken');
    expect(broken.statusCode).toBe(500);
    await app.close();
  });
});
