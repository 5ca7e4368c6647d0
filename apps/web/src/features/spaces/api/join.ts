import { type AppConfig, joinCodeSchema, validateCodeResponseSchema } from '@tinkercloud/shared';
import { z } from 'zod';
import { ApiError, type ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

export const INVALID_CODE = 'This is not a valid code.';
export const ALREADY_MEMBER = 'You are already a member of this space.';

export class InvalidCodeError extends Error {
  constructor() {
    super(INVALID_CODE);
    this.name = 'InvalidCodeError';
  }
}

/** Checks a join code; a malformed, unknown or unavailable code gives 'This is not a valid code.' (spec 5). */
export async function validateJoinCode(api: ApiRequest, config: AppConfig, code: string) {
  const parsed = joinCodeSchema.safeParse(code);
  if (!parsed.success) throw new InvalidCodeError();
  try {
    const body = validateCodeResponseSchema.parse(
      await api(
        joinUrl(config.hosts.api, `/users/v1/organizations/validate?code=${encodeURIComponent(parsed.data)}`),
      ),
    );
    if (!body.available) throw new InvalidCodeError();
    return { organizationId: body.organization_id, code: parsed.data };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404))
      throw new InvalidCodeError();
    throw error;
  }
}

const joinResponseSchema = z.object({
  organization_id: z.string(),
  already_member: z.boolean().optional(),
});

/** Joins by code: 201 is a new membership, 200 with already_member an existing one. */
export async function joinByCode(api: ApiRequest, config: AppConfig, code: string) {
  const body = joinResponseSchema.parse(
    await api(joinUrl(config.hosts.api, '/classroom/v1/organizations/self-invitation/members'), {
      method: 'POST',
      body: { code },
    }),
  );
  return { organizationId: body.organization_id, alreadyMember: body.already_member === true };
}
