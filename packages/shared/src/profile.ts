import { z } from 'zod';

/**
 * The enriched profile (spec sections 3 and 7.2): GET /users/v1/users/byID/{id}?scopes=private for adults,
 * GET /users/v1/children/byID/me for minors. `private` is present when private scopes were asked for and
 * may carry more fields than the ones named here; they are kept.
 */
export const userPrivateSchema = z.looseObject({
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
});

export const userProfileSchema = z.looseObject({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable().optional(),
  birthday: z.string().nullable(),
  confirmed: z.boolean(),
  created: z.string(),
  name: z.string(),
  private: userPrivateSchema.optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** User settings are free-form; the SPA uses the object whole (spec section 7.2). */
export const userSettingsSchema = z.record(z.string(), z.unknown());
export type UserSettings = z.infer<typeof userSettingsSchema>;
