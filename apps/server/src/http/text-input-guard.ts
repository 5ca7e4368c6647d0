import { textProblem } from '@tinkercloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** JSON bodies nest a few levels (dashboard widgets, trigger templates); anything deeper is not ours. */
export const MAX_JSON_DEPTH = 32;

/**
 * The first string (or object key) in `value` that is not acceptable text, as `context/path: message` in the
 * same form as the schema validation errors. Walks iteratively, so a deeply nested body cannot overflow the
 * stack. Buffers (uploads) and other non-plain values are not text and are skipped.
 */
export function findBadText(value: unknown, context: string, multiLine: boolean): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    const v = item.value;
    if (typeof v === 'string') {
      const problem = textProblem(v, { multiLine });
      if (problem) return `${context}${item.path}: ${problem}`;
      continue;
    }
    if (typeof v !== 'object' || v === null || Buffer.isBuffer(v)) continue;
    if (item.depth >= MAX_JSON_DEPTH)
      return `${context}${item.path}: nested deeper than ${MAX_JSON_DEPTH} levels`;
    const proto = Object.getPrototypeOf(v);
    if (Array.isArray(v)) {
      v.forEach((child, i) => {
        stack.push({ value: child, path: `${item.path}/${i}`, depth: item.depth + 1 });
      });
    } else if (proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null) {
      // Plain objects, including the query and params objects of Fastify, whose prototype is a bare object.
      for (const [key, child] of Object.entries(v)) {
        const path = `${item.path}/${key.replace(/[\p{Cc}\p{Cs}]/gu, '?')}`;
        if (textProblem(key, { multiLine: false }))
          return `${context}${path}: ${textProblem(key, { multiLine: false })}`;
        stack.push({ value: child, path, depth: item.depth + 1 });
      }
    }
  }
  return undefined;
}

/** The header a call names its space with; the only free-text header the API reads. */
const TEXT_HEADERS = ['x-organization'];

function badTextOf(request: FastifyRequest): string | undefined {
  for (const name of TEXT_HEADERS) {
    const found = findBadText(request.headers[name], `headers/${name}`, false);
    if (found) return found;
  }
  return (
    findBadText(request.params, 'params', false) ??
    findBadText(request.query, 'querystring', false) ??
    // Bodies may hold multi-line text (sketch code, certificates, message bodies, string values); fields
    // that must be one line say so in their schema (`singleLineText` and the like).
    findBadText(request.body, 'body', true)
  );
}

/**
 * One guard for every route: text from outside (path, query, the space header, JSON or form bodies) holding
 * NUL or other control characters is refused with the usual 400 validation error before any schema or
 * database sees it. PostgreSQL cannot store NUL, and no such character belongs in a name, id, filter or path.
 * Multipart uploads (logos, firmware) are read as streams later and are not text, so they pass.
 */
export function refuseControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found = badTextOf(request);
    if (found) throw new AppError('validation_error', found);
  });
}
