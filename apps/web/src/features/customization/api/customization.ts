import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  brandingSchema,
  customizationRecordSchema,
  MY_CLOUD_SPACE_ID,
} from '@tinkercloud/shared';
import { z } from 'zod';
import type { BrandedDeployment } from '@/features/spaces/model/selection.ts';
import { ApiError, type ApiRequest } from '@/lib/api.ts';
import { joinUrl } from '@/lib/urls.ts';

export type Branding = z.infer<typeof brandingSchema>;
export type CustomizationRecord = z.infer<typeof customizationRecordSchema>;

const url = (config: AppConfig, path: string) => joinUrl(config.hosts.customization, path);

/** Branding of an organisation; none (null) for My Cloud or when the organisation has none yet. */
export function brandingQueryOptions(api: ApiRequest, config: AppConfig, spaceId: string) {
  return queryOptions({
    queryKey: ['customization', 'branding', spaceId],
    queryFn: async (): Promise<Branding | null> => {
      if (spaceId === MY_CLOUD_SPACE_ID) return null;
      try {
        return brandingSchema.parse(
          await api(url(config, `/v1/customizable/ofOrg/${encodeURIComponent(spaceId)}`), {
            organization: spaceId,
          }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export interface BrandingChanges {
  policy_url?: string | null;
  custom_tos?: string | null;
}

export async function updateBranding(
  api: ApiRequest,
  config: AppConfig,
  spaceId: string,
  changes: BrandingChanges,
) {
  return brandingSchema.parse(
    await api(url(config, `/v1/customizable/ofOrg/${encodeURIComponent(spaceId)}`), {
      method: 'PUT',
      body: changes,
      organization: spaceId,
    }),
  );
}

/**
 * The company-customised sign-in record (spec 7.1); null when the company has none (404). Public: `auth:
 * false` reads it before anyone is signed in (the sign-in client's id comes from it).
 */
export async function fetchCustomization(
  api: ApiRequest,
  config: AppConfig,
  companyKey: string,
  options: { auth?: boolean } = {},
): Promise<CustomizationRecord | null> {
  try {
    return customizationRecordSchema.parse(
      await api(url(config, `/v1/customizable/${encodeURIComponent(companyKey)}`), options),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function customizationQueryOptions(api: ApiRequest, config: AppConfig, companyKey: string) {
  return queryOptions({
    queryKey: ['customization', 'record', companyKey],
    queryFn: () => fetchCustomization(api, config, companyKey),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * Records terms acceptance (spec 7.1 shows no response). Answers whether the server already had it: a token
 * issued before an acceptance made elsewhere does not say so yet.
 */
export async function acceptTerms(
  api: ApiRequest,
  config: AppConfig,
  companyKey: string,
): Promise<{ alreadyAccepted: boolean }> {
  const body = await api<{ already_accepted?: unknown } | null>(
    url(config, `/v1/users/TosAcceptance/${encodeURIComponent(companyKey)}`),
    { method: 'POST' },
  );
  return { alreadyAccepted: body?.already_accepted === true };
}

const deploymentSchema = z.object({ organization_id: z.string(), organization_name: z.string() });

/**
 * Whether this host is a branded deployment (`{slug}.{base host}`). Anything but an answer means "not
 * branded": a deployment must keep working when the lookup fails.
 */
export async function fetchBrandedDeployment(
  api: ApiRequest,
  config: AppConfig,
  host: string,
  signedIn: boolean,
): Promise<BrandedDeployment | null> {
  try {
    const body = deploymentSchema.parse(
      await api(url(config, `/v1/deployments/by-host?host=${encodeURIComponent(host)}`), { auth: signedIn }),
    );
    return { organizationId: body.organization_id, organizationName: body.organization_name };
  } catch {
    return null;
  }
}
