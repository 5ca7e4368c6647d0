import { listSearchSchema } from '@tinkercloud/shared';
import { z } from 'zod';
import { tagParamSchema } from './tag-filter.ts';

/**
 * The list pages' search: spec 2.2's forcesearch, `view=trash` for the kind's trash (an unknown view is dropped),
 * and `tag=key:value` for the lists whose items carry tags (devices, things).
 */
export const listPageSearchSchema = listSearchSchema.extend({
  view: z.literal('trash').optional().catch(undefined),
  tag: tagParamSchema,
});
export type ListView = z.infer<typeof listPageSearchSchema>['view'];
