import { z } from 'zod';
import { SPACE_TYPES } from '../space.ts';

/** School types (spec section 9). */
export const SCHOOL_TYPES = ['Middle School', 'High School', 'University', 'Fablab', 'Other'] as const;

/** A space as the API returns it (spec section 3 "Space"). My Cloud is synthesised, never stored. */
export const spaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  space: z.enum(SPACE_TYPES),
  plan_id: z.string().nullable(),
  plan_name: z.string().nullable(),
  plan_seats: z.number().int().nullable(),
  members: z.number().int(),
  roles: z.array(z.string()),
  country: z.string(),
  type: z.string(),
  logo: z.string().nullable(),
  second_logo: z.string().nullable(),
});
export type Space = z.infer<typeof spaceSchema>;

export const organizationsResponseSchema = z.object({ organizations: z.array(spaceSchema) });

/** Space names follow the general rule of a short, non-empty label. */
export const spaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(64, 'Name is at most 64 characters');
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'Country must be a two-letter ISO code');

export const createSpaceBodySchema = z.object({
  name: spaceNameSchema,
  space: z.enum(['edu', 'pro']),
  type: z.string().max(64).optional(),
  country: countryCodeSchema.optional(),
});

/** PATCH body: any of name, type, country; a call with none of them is skipped by the SPA (spec 5). */
export const updateSpaceBodySchema = z.object({
  name: spaceNameSchema.optional(),
  type: z.string().max(64).optional(),
  country: countryCodeSchema.optional(),
});

/** A member of a space (spec section 3 "Member"). */
export const memberSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string(),
  is_minor: z.boolean(),
  roles: z.array(z.string()),
  last_update: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * An invitation waiting for its invitee, as the space sees it: only the login the inviter typed, never which
 * account (if any) it matched, so the answer is the same whether that account exists or not.
 */
export const spaceInvitationSchema = z.object({
  id: z.string(),
  login: z.string(),
  roles: z.array(z.string()),
  status: z.literal('invited'),
  invited_at: z.string(),
});
export type SpaceInvitation = z.infer<typeof spaceInvitationSchema>;

/** Active members (with their account fields) and the pending invitations (without any). */
export const membersResponseSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(spaceInvitationSchema),
});
export const invitationsSentResponseSchema = z.object({ invitations: z.array(spaceInvitationSchema) });

/** An invitation as its invitee sees it (Home): which space, which role, who asked. */
export const receivedInvitationSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  space: z.enum(['edu', 'pro']),
  roles: z.array(z.string()),
  invited_by: z.string().nullable(),
  invited_at: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;
export const receivedInvitationsResponseSchema = z.object({ invitations: z.array(receivedInvitationSchema) });
export const acceptInvitationResponseSchema = z.object({
  organization_id: z.string(),
  already_member: z.boolean().optional().describe('true when the caller already belonged to the space'),
});

/** Inviting people by e-mail or username, each with one role; they become members once they accept. */
export const addMembersBodySchema = z.object({
  members: z
    .array(z.object({ login: z.string().trim().min(1).max(254), role: z.string() }))
    .min(1)
    .max(100),
});
export const memberRoleBodySchema = z.object({ member_role: z.string() });

export const joinCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{6,12}$/i, 'This is not a valid code.');
export const joinCodeResponseSchema = z.object({ code: z.string() });
export const validateCodeResponseSchema = z.object({ organization_id: z.string(), available: z.boolean() });
/** The invite payload of the self-invitation (join by code) call. */
export const selfInvitationBodySchema = z.object({ code: joinCodeSchema });

/** Plan recap (spec section 3): plan ids, usage counters and limits of the selected space. */
export const recapSchema = z.object({
  plans: z.array(z.string()),
  usage: z.object({
    cloud_things: z.number().int(),
    cloud_api_clients: z.number().int(),
    create_disk_sketches: z.number().int(),
    create_compilation_day: z.number().int(),
    devices: z.number().int(),
    lora_devices: z.number().int(),
    /** Members of the space (organisation recaps only); seats are on the space (plan_seats, seatLimit). */
    members: z.number().int().optional(),
  }),
  limits: z.object({
    cloud_things: z.number().int().nullable(),
    create_sketches_disk: z.number().int().nullable(),
    create_compilation_day: z.number().int().nullable(),
    cloud_api: z.number().int().nullable(),
    cloud_triggers: z.number().int().nullable(),
    ota: z.boolean(),
    foundries: z.boolean(),
    edge_impulse: z.boolean(),
  }),
});
export type Recap = z.infer<typeof recapSchema>;

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export const countriesResponseSchema = z.object({ countries: z.array(countrySchema) });

/** Branding customization of a space (spec section 3). */
export const brandingSchema = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  organization_second_logo: z.string().nullable(),
  policy_url: z.string().nullable(),
  custom_tos: z.string().nullable(),
});
export const updateBrandingBodySchema = z.object({
  policy_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
  custom_tos: z.string().max(20_000).nullable().optional(),
});

/** A company-customised sign-in record (spec section 3 "Customization record"). */
export const customizationRecordSchema = z.object({
  url_enabled: z.boolean(),
  url: z.string(),
  auth0_id: z.string(),
});

export const kitSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  courses: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
});
export const kitsResponseSchema = z.object({ kits: z.array(kitSchema) });
