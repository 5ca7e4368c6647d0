import { z } from 'zod';

/**
 * The admin routes of the CLI's commands the console has no screen for (renewal links, company sign-in
 * records, branded hosts), so `npm run admin` does them through a running server too (src/admin/cli.ts).
 * Server-side only: no web page calls them.
 */

const login = z.string().trim().min(1).max(320).describe("The account's e-mail address or username");

export const createRenewalBodySchema = z
  .object({
    user: login.optional(),
    space_id: z.uuid().optional().describe('A school or team space'),
    plan_id: z.string().min(1).max(64),
    seats: z.number().int().min(1).max(100_000).optional(),
    days: z.number().int().min(1).max(36_500).optional().describe('Days the plan runs once activated'),
  })
  .refine((b) => (b.user === undefined) !== (b.space_id === undefined), 'give user or space_id, not both');
export type CreateRenewalBody = z.infer<typeof createRenewalBodySchema>;

export const renewalSchema = z.object({
  id: z.string(),
  /** The link that activates it from Home. */
  url: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
});
export type RenewalAnswer = z.infer<typeof renewalSchema>;

export const companyKeyParams = z.object({
  key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -')
    .describe('The company key (COMPANY_KEY of a deployment)'),
});

/** https, or http for localhost only (a sign-in page under development). */
const signInUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine((u) => u.startsWith('https:') || new URL(u).hostname === 'localhost', 'an https:// address');

export const customizationBodySchema = z.object({
  url: signInUrl,
  url_enabled: z.boolean().default(false),
  client_id: z.string().max(200).default(''),
});
export type CustomizationBody = z.input<typeof customizationBodySchema>;

export const customizationSchema = z.object({
  company_key: z.string(),
  url: z.string(),
  url_enabled: z.boolean(),
  client_id: z.string(),
});
export type CustomizationAnswer = z.infer<typeof customizationSchema>;

export const slugParams = z.object({ space_id: z.uuid().describe('A team space') });
export const slugBodySchema = z.object({
  slug: z.string().max(63).nullable().describe('The sub-domain label under BASE_HOST; null removes it'),
});
export const slugSchema = z.object({ id: z.string(), name: z.string(), slug: z.string().nullable() });
export type SlugAnswer = z.infer<typeof slugSchema>;
