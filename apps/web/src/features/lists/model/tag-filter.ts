/** An item's tags (key → value), as the kind's own list answers them. */
export type Tags = Readonly<Record<string, string>> | undefined;

/** A tag as the list's URL keeps it: `key:value` (checked by `tagParamSchema` in list-search.ts). */
export interface TagFilter {
  key: string;
  value: string;
}

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
