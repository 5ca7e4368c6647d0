import { listSearchSchema } from '@tinkercloud/shared';
import { z } from 'zod';

/** The list pages' search: spec 2.2's forcesearch, and `view=trash` for the kind's trash (an unknown view is dropped). */
export const listPageSearchSchema = listSearchSchema.extend({
  view: z.literal('trash').optional().catch(undefined),
});
export type ListView = z.infer<typeof listPageSearchSchema>['view'];
