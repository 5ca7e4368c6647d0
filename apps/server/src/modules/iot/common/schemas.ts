import {
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_NAME_MESSAGE,
  DEVICE_NAME_PATTERN,
  TAG_PART_MAX_LENGTH,
  TAG_PART_PATTERN,
  THING_NAME_MAX_LENGTH,
  THING_NAME_MESSAGE,
  THING_NAME_PATTERN,
  VARIABLE_NAME_MAX_LENGTH,
  VARIABLE_NAME_MESSAGE,
  VARIABLE_NAME_PATTERN,
} from '@tinkercloud/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export { emptyBody } from '../../../http/route-schemas.ts';

export const tagKey = z
  .string()
  .min(1)
  .max(TAG_PART_MAX_LENGTH)
  .regex(TAG_PART_PATTERN, 'letters, digits and _ . @ - only');
export const tagSchema = z.object({ key: tagKey, value: tagKey });
export type Tag = z.infer<typeof tagSchema>;
export const tagsResponseSchema = z.object({ tags: z.array(tagSchema) });
/** At most this many tags on one resource. */
export const MAX_TAGS = 64;

/** `key:value` list filters, repeated in the query (`tags=a:1&tags=b:2`). */
const tagFilter = z
  .string()
  .max(129)
  .regex(/^[a-zA-Z0-9_.@-]+:[a-zA-Z0-9_.@-]+$/, 'key:value with letters, digits and _ . @ - only');
export const tagFilters = z
  .union([tagFilter, z.array(tagFilter).max(MAX_TAGS)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .describe('Filter by tags, `key:value`, repeatable');

/** Tag filters as a JSON object for `tags @> …`; the last value of a repeated key wins. */
export function tagFilterObject(filters: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters) {
    const at = f.indexOf(':');
    out[f.slice(0, at)] = f.slice(at + 1);
  }
  return out;
}

/** Booleans in a query string, spelled as Go's strconv.ParseBool accepts them (upstream is Goa). */
export const queryBool = z
  .enum(['true', 'false', '1', '0', 't', 'f', 'TRUE', 'FALSE', 'True', 'False', 'T', 'F'])
  .transform((v) => ['true', '1', 't', 'TRUE', 'True', 'T'].includes(v));

export const idParam = z.object({ id: z.uuid().describe('The resource id') });
export const forceQuery = z.object({ force: queryBool.optional().describe('true: delete for good') });
export const showDeletedQuery = z.object({ show_deleted: queryBool.optional() });

/** Thing names (`^[a-zA-Z0-9_. -]+$`, at most 64). */
export const thingName = z.string().max(THING_NAME_MAX_LENGTH).regex(THING_NAME_PATTERN, THING_NAME_MESSAGE);
/** Device names and serials (the rule the web's forms check too). */
export const deviceName = z
  .string()
  .max(DEVICE_NAME_MAX_LENGTH)
  .regex(DEVICE_NAME_PATTERN, DEVICE_NAME_MESSAGE);
export const variableName = z
  .string()
  .max(VARIABLE_NAME_MAX_LENGTH)
  .regex(VARIABLE_NAME_PATTERN, VARIABLE_NAME_MESSAGE);

/** A copy without undefined or null members, so the JSON answer omits them as Goa does. */
export function compact<T extends Record<string, unknown>>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const k in o) {
    const v = o[k];
    if (v !== undefined && v !== null) out[k] = v;
  }
  return out as T;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/** 200 with no body at all (not even `null`), as upstream answers deletes, tag changes and publish. */
export function sendEmpty<R extends object>(reply: R): R {
  (reply as unknown as FastifyReply).send();
  return reply;
}

/**
 * For big lists (thousands of rows): the answer is built from explicit views, so checking it again with zod
 * only costs time. The response schema still documents it in /openapi.json.
 */
export const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
