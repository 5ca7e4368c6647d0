import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import {
  type Property,
  propertySchema,
  type Thing,
  type ThingWithProperties,
  thingSchema,
  thingWithPropertiesSchema,
} from '@/features/iot/api/schemas.ts';
import type { ApiRequest } from '@/lib/api.ts';

export function thingsQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: iotKeys.things(space),
    queryFn: async (): Promise<Thing[]> =>
      z.array(thingSchema).parse(await api(iotUrl(config, '/iot/v2/things'), { organization: space })),
  });
}

/** Every thing with its variables in one request: what a page needs to name variables by their id. */
export function thingsWithPropertiesQueryOptions(api: ApiRequest, config: AppConfig, space: string) {
  return queryOptions({
    queryKey: iotKeys.thingsWithProperties(space),
    queryFn: async (): Promise<ThingWithProperties[]> =>
      z
        .array(thingWithPropertiesSchema)
        .parse(await api(iotUrl(config, '/iot/v2/things?show_properties=true'), { organization: space })),
  });
}

export function thingPropertiesQueryOptions(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  thingId: string,
) {
  return queryOptions({
    queryKey: iotKeys.thingProperties(space, thingId),
    queryFn: async (): Promise<Property[]> =>
      z
        .array(propertySchema)
        .parse(
          await api(iotUrl(config, `/iot/v2/things/${enc(thingId)}/properties`), { organization: space }),
        ),
  });
}

/** Stores the value and sends it to the device when one is bound and connected. */
export async function publishValue(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  property: Pick<Property, 'id' | 'thing_id'>,
  value: unknown,
) {
  await api(
    iotUrl(config, `/iot/v2/things/${enc(property.thing_id)}/properties/${enc(property.id)}/publish`),
    {
      method: 'PUT',
      body: { value },
      organization: space,
    },
  );
}

/** Binds a device to the thing, or unbinds it with null. A device bound elsewhere is refused (409). */
export async function bindDevice(
  api: ApiRequest,
  config: AppConfig,
  space: string,
  thingId: string,
  deviceId: string | null,
) {
  await api(iotUrl(config, `/iot/v2/things/${enc(thingId)}`), {
    method: 'POST',
    body: { device_id: deviceId },
    organization: space,
  });
}

/** Soft: the thing goes to the trash (restored or purged from a list's Trash view). */
export async function deleteThing(api: ApiRequest, config: AppConfig, space: string, id: string) {
  await api(iotUrl(config, `/iot/v2/things/${enc(id)}`), { method: 'DELETE', organization: space });
}
