import { z } from 'zod';

export const userIdParam = z.object({
  id: z.union([z.literal('me'), z.uuid()]).describe('A user id, or "me" for the caller'),
});

export const profileQuery = z.object({
  scopes: z.string().max(200).optional().describe('Comma-separated; "private" adds the private block'),
});

const privateBlockSchema = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  is_minor: z.boolean(),
  login_count: z.number().int(),
  tos_accepted: z.boolean(),
});

export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string(),
  birthday: z.string().nullable(),
  confirmed: z.boolean(),
  created: z.string(),
  name: z.string(),
  private: privateBlockSchema.optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Free-form user preferences; bounded so one user cannot store megabytes. */
export const settingsSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 16_384, 'settings must be at most 16 KiB of JSON');

export const confirmResultSchema = z.object({ status: z.literal('sent') });

/** Confirms deleting one's own account: the password, or the username for accounts without one. */
export const deleteAccountBody = z
  .object({
    password: z.string().max(1024).optional().describe('The current password (accounts that have one)'),
    username: z.string().max(100).optional().describe('The username (accounts without a password)'),
  })
  .strict();
