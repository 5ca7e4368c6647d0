import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { PROPERTY_TYPES, type PropertyTypeInfo, propertyTypeListSchema } from '@tinkercloud/shared/iot';
import { useServices } from '@/app/services.tsx';
import { iotUrl } from '@/features/iot/api/detail-queries.ts';
import type { ApiRequest } from '@/lib/api.ts';

/** `GET /iot/v1/property_types` (spec 7.4): the same for every space and for the whole session. */
export function propertyTypesQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: ['property-types'] as const,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<PropertyTypeInfo[]> =>
      propertyTypeListSchema.parse(await api(iotUrl(config, '/iot/v1/property_types'))),
  });
}

/**
 * The property types the server serves; the catalogue bundled with the page while they load, or when they
 * cannot be read (offline), so the type picker is never empty.
 */
export function usePropertyTypes(): readonly PropertyTypeInfo[] {
  const { api, config } = useServices();
  const { data } = useQuery(propertyTypesQueryOptions(api, config));
  return data && data.length > 0 ? data : PROPERTY_TYPES;
}
