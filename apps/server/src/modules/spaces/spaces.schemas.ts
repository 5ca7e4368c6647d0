import { z } from 'zod';

/** Every space id in a path is a UUID; My Cloud ("my-cloud") has no organisation routes. */
export const spaceIdParam = z.object({ id: z.uuid().describe('The space (organisation) id') });

export const logoQuery = z.object({
  type: z
    .enum(['second', ''])
    .optional()
    .describe('"second" for the horizontal logo; absent (or empty) for the icon logo'),
});

export const selfInvitationResponseSchema = z.object({
  organization_id: z.string(),
  already_member: z.boolean().optional().describe('true (with 200) when the caller already belongs there'),
});
