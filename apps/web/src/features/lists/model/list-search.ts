import { listSearchSchema } from '@tinkercloud/shared';
import { z } from 'zod';

/**
 * `tag=key:value`, each part by the server's tag rule (TAG_PART_PATTERN and TAG_PART_MAX_LENGTH of
 * packages/shared, written out here: route search schemas load with the first page, and importing the names
 * module pulls it all in); anything else is dropped. The rest of the tag filter lives in tag-filter.ts.
 */
export const tagParamSchema = z
  .string()
  .regex(/^[\w.@-]{1,64}:[\w.@-]{1,64}$/)
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
