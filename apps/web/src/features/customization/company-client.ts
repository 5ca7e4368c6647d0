import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import { customizationQueryOptions, fetchCustomization } from './api/customization.ts';

/**
 * Spec 3: the customization record names the client id the company's sign-in uses (`auth0_id`). The record
 * is public, so it is read before the sign-in client is made, which then uses that id; without a company
 * key, a record or an id, or with the embedded identity provider, the configured client stays (a failure to
 * read is the sign-in checks' to report). The record stays in the cache for those checks.
 */
export async function withCompanyClientId(
  config: AppConfig,
  api: ApiRequest,
  queryClient: QueryClient,
): Promise<AppConfig> {
  const key = config.companyKey;
  if (!key) return config;
  const record = await fetchCustomization(api, config, key, { auth: false }).catch(() => null);
  if (!record) return config;
  queryClient.setQueryData(customizationQueryOptions(api, config, key).queryKey, record);
  // The embedded provider knows one client, this app's own: a company's id is one of an external provider.
  if (!record.auth0_id || config.embeddedIdp) return config;
  return { ...config, oidc: { ...config.oidc, clientId: record.auth0_id } };
}
