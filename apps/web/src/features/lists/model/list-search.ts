import { listSearchSchema, TAG_PART_MAX_LENGTH, TAG_PART_PATTERN } from '@tinkercloud/shared';
import { z } from 'zod';

// Route search schemas load with the first page: the rest of the tag filter lives in tag-filter.ts.
const tagPart = (s: string) => s.length <= TAG_PART_MAX_LENGTH && TAG_PART_PATTERN.test(s);

/** `tag=key:value` (the server's tag rule allows no colon in either part); anything else is dropped. */
export const tagParamSchema = z
  .string()
  .refine((s) => {
    const parts = s.split(':');
    return parts.length === 2 && parts.every(tagPart);
  })
  .optional()
  .catch(undefined);

/**
 * The list pages' search: spec 2.2's forcesearch, `view=trash` for the kind's trash (an unknown view is dropped),
 * and `tag=key:value` for the lists whose items carry tags (devices, things).
 */
export const listPageSearchSchema = listSearchSchema.extend({
  view: z.literal('trash').optional().catch(undefined),
  tag: tagParamSchema,
});
export type ListView = z.infer<typeof listPageSearchSchema>['view'];
