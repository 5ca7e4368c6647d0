import { describe, expect, it } from 'vitest';
import { findBadText, MAX_JSON_DEPTH } from './text-input-guard.ts';

describe('findBadText', () => {
  it('names the first bad string or key by its path, in the form of the validation errors', () => {
    expect(findBadText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'body', true)).toBe(
      'body/a/1/c: no control characters',
    );
    expect(findBadText({ 'k\u0001': 1 }, 'body', true)).toBe('body/k?: no control characters');
    expect(findBadText('a\u001b', 'headers/x-organization', false)).toBe(
      'headers/x-organization: no control characters',
    );
  });

  it('allows tab and line breaks only where multi-line text may be', () => {
    expect(findBadText({ code: 'void setup() {\n\treturn;\r\n}' }, 'body', true)).toBeUndefined();
    expect(findBadText({ serial: 'a\nb' }, 'querystring', false)).toBe(
      'querystring/serial: no control characters',
    );
  });

  it("walks objects without Object's prototype (Fastify's query and params) and skips buffers", () => {
    class Bare {
      [key: string]: unknown;
    }
    Object.setPrototypeOf(Bare.prototype, null);
    const query = new Bare();
    query.name = 'a\u0000b';
    expect(findBadText(query, 'querystring', false)).toBe('querystring/name: no control characters');
    expect(findBadText({ file: Buffer.from([0, 1, 2]) }, 'body', true)).toBeUndefined();
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep, 'body', true)).toMatch(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = { a: fine };
    expect(findBadText(fine, 'body', true)).toBeUndefined();
  });
});
