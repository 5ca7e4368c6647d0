import fc from 'fast-check';

/**
 * Bad-input requests generated from our own `/openapi.json`: for one operation, a plausible request (every
 * required field filled with a valid-looking value, known ids where the test has them) with one part made
 * bad. The property test sends them and expects no 5xx.
 */

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
  additionalProperties?: boolean | Schema;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  method: string;
  path: string;
  op: OperationObject;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A raw body (already serialised), or undefined for none. */
  payload?: string;
  /** What was made bad, for the failure report. */
  mutation: string;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Every operation of the document, deletions last so they do not remove what other operations use. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const all: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (METHODS.includes(method)) all.push({ method: method.toUpperCase(), path, op });
    }
  }
  return [...all.filter((o) => o.method !== 'DELETE'), ...all.filter((o) => o.method === 'DELETE')];
}

/** Server-sent event streams never end on their own; they are checked elsewhere. */
export function isEventStream(o: Operation): boolean {
  return Object.values(o.op.responses ?? {}).some((r) =>
    Object.keys(r.content ?? {}).includes('text/event-stream'),
  );
}

function resolve(doc: OpenApiDoc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && s.$ref; i++) {
    const name = s.$ref.split('/').pop() as string;
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type;
}

/** A valid-looking value for a schema (required properties only), so a bad part reaches past the others. */
export function sample(
  doc: OpenApiDoc,
  schema: Schema | undefined,
  ids: (name: string) => string | undefined,
  name = '',
): unknown {
  const s = resolve(doc, schema);
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice && choice.length > 0) return sample(doc, choice[0], ids, name);
  if (s.allOf && s.allOf.length > 0) {
    return Object.assign({}, ...s.allOf.map((part) => sample(doc, part, ids, name)));
  }
  switch (typeOf(s)) {
    case 'string': {
      const known = ids(name);
      if (known) return known;
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'email') return 'someone@example.com';
      if (s.format === 'uri') return 'https://example.com/x';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(doc, s.items, ids, name));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sample(doc, s.properties?.[key], ids, key);
      return out;
    }
    default:
      return 'x';
  }
}

/** Every property path of a body schema (objects and array items, a few levels deep). */
function fieldPaths(
  doc: OpenApiDoc,
  schema: Schema | undefined,
  prefix: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  const s = resolve(doc, schema);
  if (depth > 4) return [];
  const choice = s.anyOf ?? s.oneOf ?? s.allOf;
  if (choice) return choice.flatMap((part) => fieldPaths(doc, part, prefix, depth));
  const out: (string | number)[][] = [];
  if (typeOf(s) === 'object' && s.properties) {
    for (const [key, child] of Object.entries(s.properties)) {
      out.push([...prefix, key]);
      out.push(...fieldPaths(doc, child, [...prefix, key], depth + 1));
    }
  }
  if (typeOf(s) === 'array' && s.items) {
    out.push(...fieldPaths(doc, s.items, [...prefix, 0], depth + 1));
  }
  return out;
}

/** Strings nothing should store or choke on. */
export const badString: fc.Arbitrary<string> = fc.oneof(
  // NUL and other control characters inside otherwise ordinary text.
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 0x1f }), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
  fc.constantFrom('\u0000', 'a\u0000b', '\u007f', '\u0085', '\u001b[31m', 'line\nbreak', '\t'),
  // Unicode oddities: unpaired surrogates, direction overrides, zero-width, combining marks, emoji.
  fc.constantFrom(
    '\ud800',
    'a\udfffb',
    '\u202egnp.exe',
    '\u200b',
    'e\u0301\u0301\u0301',
    '🌱🔥',
    '\ufeff',
    '\uffff',
  ),
  // Huge strings.
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  // Text that means something to SQL, LIKE patterns, paths or number parsers.
  fc.constantFrom(
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '%\\',
    '../../etc/passwd',
    '1e309',
    '-1',
    '99999999999999999999',
    'NaN',
    'null',
    '',
    ' ',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A marker string standing for raw JSON nested deeper than JSON.stringify can serialise (`DEEP[1000`). */
const DEEP = 'DEEP_JSON_7f3a';

function serialise(body: unknown): string {
  return JSON.stringify(body).replace(
    new RegExp(`"${DEEP}([[{])(\\d+)"`, 'g'),
    (_, open: string, n: string) => {
      const depth = Number(n);
      return open === '['
        ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    },
  );
}

/** A JSON document nested `depth` levels deep. */
function nested(depth: number, array: boolean): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = array ? [v] : { a: v };
  return v;
}

/** Values of the wrong type or out of any sensible range. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, true, false, null, [], {}),
  fc.array(badString, { maxLength: 3 }),
  fc.dictionary(badString, badString, { maxKeys: 3 }),
  fc.integer({ min: 10, max: 100 }).chain((d) => fc.boolean().map((a) => nested(d, a))),
  // Far deeper than JSON.stringify can go: spliced into the serialised body as raw text.
  fc.integer({ min: 1_000, max: 100_000 }).chain((d) => fc.constantFrom(`${DEEP}[${d}`, `${DEEP}{${d}`)),
  fc.integer({ min: 1_000, max: 50_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A string in a URL: lone surrogates cannot be percent-encoded, so they go as broken UTF-8 bytes. */
function encodePart(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(/\p{Cs}/gu, ''))}%ED%A0%80`;
  }
}

function setPath(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: unknown =
    target && typeof target === 'object'
      ? Array.isArray(target)
        ? [...target]
        : { ...target }
      : typeof head === 'number'
        ? []
        : {};
  const base = copy as Record<string | number, unknown>;
  base[head] = setPath(base[head], rest, value);
  return base;
}

/** Raw text in the places a URL or a body may hold it, beyond what a value can say. */
const rawUrlOddities = fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%FF%FE', '%C0%80', '..%2F..%2F');

export interface FuzzContext {
  doc: OpenApiDoc;
  /** A known id for a path or body field of this operation (a real device, thing, space …), if any. */
  ids: (operation: Operation, name: string) => string | undefined;
  /** Headers every call carries (the signed-in user). */
  headers: Record<string, string>;
  /** The space header value of a space the user is in. */
  space: string;
}

/** One place of a request that holds text from the caller, and the request with `value` put there. */
export interface TextLocation {
  label: string;
  with(value: string): FuzzRequest;
}

/**
 * For one operation: `arbitrary` draws plausible requests with exactly one part made bad; `locations` lists
 * every place text goes (path and query parameters, the space header, each body field), so a test can also
 * sweep one value through all of them.
 */
export function fuzzerFor(
  ctx: FuzzContext,
  o: Operation,
): { arbitrary: fc.Arbitrary<FuzzRequest>; locations: TextLocation[] } {
  const params = o.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const jsonBody = o.op.requestBody?.content?.['application/json']?.schema;
  const ids = (name: string) => ctx.ids(o, name);
  const bodyPaths = jsonBody ? fieldPaths(ctx.doc, jsonBody) : [];

  function build(parts: {
    path?: Record<string, string>;
    query?: Record<string, string | string[]>;
    rawQuery?: string;
    body?: unknown;
    rawBody?: string;
    space?: string;
    mutation: string;
  }): FuzzRequest {
    const url = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const given = parts.path?.[name];
      if (given !== undefined) return given;
      return encodePart(String(sample(ctx.doc, pathParams.find((p) => p.name === name)?.schema, ids, name)));
    });
    const query: string[] = [];
    for (const p of queryParams) {
      if (parts.query && p.name in parts.query) continue;
      if (p.required)
        query.push(`${encodePart(p.name)}=${encodePart(String(sample(ctx.doc, p.schema, ids, p.name)))}`);
    }
    for (const [k, v] of Object.entries(parts.query ?? {})) {
      for (const one of Array.isArray(v) ? v : [v]) query.push(`${encodePart(k)}=${encodePart(one)}`);
    }
    if (parts.rawQuery) query.push(parts.rawQuery);
    const headers: Record<string, string> = { ...ctx.headers, 'x-organization': parts.space ?? ctx.space };
    let payload: string | undefined;
    if (parts.rawBody !== undefined) payload = parts.rawBody;
    else if (parts.body !== undefined) payload = serialise(parts.body);
    else if (jsonBody) payload = JSON.stringify(sample(ctx.doc, jsonBody, ids));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return {
      method: o.method,
      url: query.length ? `${url}?${query.join('&')}` : url,
      headers,
      payload,
      mutation: parts.mutation,
    };
  }

  const base = jsonBody === undefined ? undefined : sample(ctx.doc, jsonBody, ids);
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 80);
  const locations: TextLocation[] = [
    { label: 'x-organization', with: (v) => build({ space: v, mutation: `x-organization: ${show(v)}` }) },
    ...pathParams.map((p) => ({
      label: `path ${p.name}`,
      with: (v: string) =>
        build({ path: { [p.name]: encodePart(v) }, mutation: `path ${p.name}=${show(v)}` }),
    })),
    ...queryParams.map((p) => ({
      label: `query ${p.name}`,
      with: (v: string) => build({ query: { [p.name]: v }, mutation: `query ${p.name}=${show(v)}` }),
    })),
    ...bodyPaths.map((path) => ({
      label: `body /${path.join('/')}`,
      with: (v: string) =>
        build({ body: setPath(base, path, v), mutation: `body /${path.join('/')} = ${show(v)}` }),
    })),
  ];

  const options: fc.Arbitrary<FuzzRequest>[] = [
    // The space header: not a space, too long, odd text.
    badString
      .filter((s) => !/[\p{Cc}\p{Cs}]/u.test(s) && s.length < 8_000)
      .map((space) => build({ space, mutation: `x-organization: ${JSON.stringify(space.slice(0, 80))}` })),
  ];
  for (const p of pathParams) {
    options.push(
      fc
        .oneof(badString.map(encodePart), rawUrlOddities)
        .map((v) => build({ path: { [p.name]: v }, mutation: `path ${p.name}=${v.slice(0, 80)}` })),
    );
  }
  for (const p of queryParams) {
    options.push(
      fc.oneof(
        badString.map((v) =>
          build({ query: { [p.name]: v }, mutation: `query ${p.name}=${JSON.stringify(v.slice(0, 80))}` }),
        ),
        fc
          .array(badString, { minLength: 2, maxLength: 3 })
          .map((v) => build({ query: { [p.name]: v }, mutation: `query ${p.name} repeated` })),
        rawUrlOddities.map((v) =>
          build({ rawQuery: `${encodePart(p.name)}=${v}`, mutation: `query ${p.name}=${v}` }),
        ),
      ),
    );
  }
  // Query parameters the operation does not declare.
  options.push(
    badString.map((v) =>
      build({ query: { [v.slice(0, 100)]: v.slice(0, 100) }, mutation: 'unknown query parameter' }),
    ),
  );
  if (jsonBody) {
    if (bodyPaths.length > 0) {
      options.push(
        fc.tuple(fc.constantFrom(...bodyPaths), badValue).map(([path, value]) =>
          build({
            body: setPath(base, path, value),
            mutation: `body /${path.join('/')} = ${JSON.stringify(value)?.slice(0, 80)}`,
          }),
        ),
      );
    }
    options.push(
      badValue.map((body) => build({ body, mutation: `whole body ${JSON.stringify(body)?.slice(0, 80)}` })),
    );
    options.push(
      fc
        .constantFrom(
          '{',
          '{"a":',
          '[1,]',
          '"\\ud800"',
          '{"a":"\\u0000"}',
          '{"__proto__":{"x":1}}',
          'null',
          '1',
          'tru',
        )
        .map((rawBody) => build({ rawBody, mutation: `raw body ${rawBody}` })),
    );
  } else if (o.method !== 'GET') {
    options.push(
      badValue.map((body) =>
        build({ body, mutation: `unexpected body ${JSON.stringify(body)?.slice(0, 80)}` }),
      ),
    );
  }
  return { arbitrary: fc.oneof(...options), locations };
}
