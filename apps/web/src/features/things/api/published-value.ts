import type { QueryClient } from '@tanstack/react-query';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Property } from '@/features/iot/api/schemas.ts';
import { readAgain } from '@/lib/query-client.ts';

/** Shows a value this browser published at once, then reads the variables again to get the stored one. */
export function notePublishedValue(
  queryClient: QueryClient,
  space: string,
  property: Pick<Property, 'id' | 'thing_id'>,
  value: unknown,
) {
  const key = iotKeys.thingProperties(space, property.thing_id);
  queryClient.setQueryData<Property[]>(key, (list) =>
    list?.map((p) =>
      p.id === property.id ? { ...p, last_value: value, value_updated_at: new Date().toISOString() } : p,
    ),
  );
  void readAgain(queryClient, key);
}
