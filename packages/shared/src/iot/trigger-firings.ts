import { z } from 'zod';
// A module of its own: zod calls are not known to be pure, so a schema in a module the first page loads
// would ship with that page.

/**
 * `GET /iot/v1/triggers/{id}/firings`: the trigger's recent firings, newest first (the last 100 are kept):
 * when, and what made it fire (`property` with its value and time, or `device` with its status; `thing`).
 */
export const triggerFiringsSchema = z.object({
  firings: z.array(
    z.object({
      id: z.string(),
      fired_at: z.string(),
      source: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type TriggerFirings = z.infer<typeof triggerFiringsSchema>;
