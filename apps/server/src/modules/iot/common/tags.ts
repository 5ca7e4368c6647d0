import { AppError } from '../../../errors.ts';
import { MAX_TAGS, type Tag } from './schemas.ts';

/** Tags after setting one (a key set again takes the new value). */
export function withTag(tags: Record<string, string>, tag: Tag): Record<string, string> {
  const next = { ...tags, [tag.key]: tag.value };
  if (Object.keys(next).length > MAX_TAGS) {
    throw new AppError('validation_error', `At most ${MAX_TAGS} tags per resource.`);
  }
  return next;
}

export function withoutTag(tags: Record<string, string>, key: string): Record<string, string> {
  const next = { ...tags };
  delete next[key];
  return next;
}

export function tagsFromList(list: readonly Tag[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of list ?? []) out[t.key] = t.value;
  return out;
}
