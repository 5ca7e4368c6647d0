import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import {
  type PropertyRequest,
  type TagPair,
  type ThingCreateRequest,
  type TimezoneInfo,
  tagListSchema,
  timezoneListSchema,
} from '@tinkercloud/shared/iot';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { type Property, propertySchema, type Thing, thingSchema } from '@/features/iot/api/schemas.ts';
import type { ApiRequest } from '@/lib/api.ts';

// The writes of the things pages (create, rename, delete, tags, variables) and the lists their forms offer.

interface Ctx {
  api: ApiRequest;
  config: AppConfig;
  space: string;
}

export async function createThing({ api, config, space }: Ctx, body: ThingCreateRequest): Promise<Thing> {
  return thingSchema.parse(
    await api(iotUrl(config, '/iot/v2/things'), { method: 'PUT', body, organization: space }),
  );
}

/** Changes the fields given (name, webhook_uri…); the others stay. */
export async function updateThing(
  { api, config, space }: Ctx,
  id: string,
  body: { name?: string; webhook_uri?: string },
) {
  await api(iotUrl(config, `/iot/v2/things/${enc(id)}`), { method: 'POST', body, organization: space });
}

/** Soft delete: the thing leaves the lists and unbinds its device; the server keeps it (`show_deleted`). */
export async function deleteThing({ api, config, space }: Ctx, id: string) {
  await api(iotUrl(config, `/iot/v2/things/${enc(id)}`), { method: 'DELETE', organization: space });
}

export function thingTagsQueryOptions({ api, config, space }: Ctx, id: string) {
  return queryOptions({
    queryKey: iotKeys.thingTags(space, id),
    queryFn: async (): Promise<TagPair[]> =>
      tagListSchema.parse(
        await api(iotUrl(config, `/iot/v2/things/${enc(id)}/tags`), { organization: space }),
      ).tags,
  });
}

/** Sets a tag; a key set again takes the new value. */
export async function putThingTag({ api, config, space }: Ctx, id: string, tag: TagPair) {
  await api(iotUrl(config, `/iot/v2/things/${enc(id)}/tags`), {
    method: 'PUT',
    body: tag,
    organization: space,
  });
}

export async function deleteThingTag({ api, config, space }: Ctx, id: string, key: string) {
  await api(iotUrl(config, `/iot/v2/things/${enc(id)}/tags/${enc(key)}`), {
    method: 'DELETE',
    organization: space,
  });
}

/** Every time zone the server knows; they change only with its tz data, so they are read once. */
export function timezonesQueryOptions({ api, config, space }: Ctx) {
  return queryOptions({
    queryKey: iotKeys.timezones(),
    queryFn: async (): Promise<TimezoneInfo[]> =>
      timezoneListSchema.parse(await api(iotUrl(config, '/iot/v2/timezones'), { organization: space })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export async function createProperty(
  { api, config, space }: Ctx,
  thingId: string,
  body: PropertyRequest,
): Promise<Property> {
  return propertySchema.parse(
    await api(iotUrl(config, `/iot/v2/things/${enc(thingId)}/properties`), {
      method: 'PUT',
      body,
      organization: space,
    }),
  );
}

/** Replaces the property's settings with `body` (the server takes the whole payload). */
export async function updateProperty(
  { api, config, space }: Ctx,
  thingId: string,
  propertyId: string,
  body: PropertyRequest,
) {
  await api(iotUrl(config, `/iot/v2/things/${enc(thingId)}/properties/${enc(propertyId)}`), {
    method: 'POST',
    body,
    organization: space,
  });
}

export async function deleteProperty({ api, config, space }: Ctx, thingId: string, propertyId: string) {
  await api(iotUrl(config, `/iot/v2/things/${enc(thingId)}/properties/${enc(propertyId)}`), {
    method: 'DELETE',
    organization: space,
  });
}
