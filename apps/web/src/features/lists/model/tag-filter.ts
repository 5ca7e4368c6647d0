import { TAG_PART_MAX_LENGTH, TAG_PART_PATTERN } from '@tinkercloud/shared';
import { z } from 'zod';

/** An item's tags (key → value), as the kind's own list answers them. */
export type Tags = Readonly<Record<string, string>> | undefined;

/** A tag as the list's URL keeps it: `key:value` (neither part may hold a colon, by the server's tag rule). */
export interface TagFilter {
  key: string;
  value: string;
}

const part = z.string().max(TAG_PART_MAX_LENGTH).regex(TAG_PART_PATTERN);

/** `?tag=room:kitchen`; anything else is dropped, so a hand-edited address shows the whole list. */
export const tagParamSchema = z
  .string()
  .refine((s) => {
    const [key = '', value = '', ...rest] = s.split(':');
    return rest.length === 0 && part.safeParse(key).success && part.safeParse(value).success;
  })
  .optional()
  .catch(undefined);

export function parseTag(param: string | undefined): TagFilter | null {
  if (!param) return null;
  const [key = '', value = ''] = param.split(':');
  return { key, value };
}

export const tagParam = (tag: TagFilter) => `${tag.key}:${tag.value}`;

/** Every tag the records carry, once each, by key then value. */
export function tagChoices<T>(records: readonly T[], tagsOf: (record: T) => Tags): TagFilter[] {
  const seen = new Map<string, TagFilter>();
  for (const record of records) {
    for (const [key, value] of Object.entries(tagsOf(record) ?? {})) {
      seen.set(tagParam({ key, value }), { key, value });
    }
  }
  return [...seen.values()].sort((a, b) => a.key.localeCompare(b.key) || a.value.localeCompare(b.value));
}

export const hasTag = (tags: Tags, filter: TagFilter) => tags?.[filter.key] === filter.value;
