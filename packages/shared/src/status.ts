import { z } from 'zod';

/** The public status feed (spec section 3 "Status"; served at {hosts.status}/api/v2/status.json). */
export const STATUS_INDICATORS = ['none', 'minor', 'maintenance', 'major', 'critical'] as const;
export type StatusIndicator = (typeof STATUS_INDICATORS)[number];

export const statusFeedSchema = z.object({
  status: z.object({
    indicator: z.enum(STATUS_INDICATORS),
    description: z.string(),
  }),
});
export type StatusFeed = z.infer<typeof statusFeedSchema>;
