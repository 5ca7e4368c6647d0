import { iotUrl } from '@/features/iot/api/detail-queries.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { type Thing, thingSchema } from '@/features/iot/api/schemas.ts';
import { groupKeys } from '@/features/lists/api/group-keys.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { useSketchesApi } from './use-sketches-api.ts';

/**
 * "Create sketch" on a thing: the server generates it from the thing's variables and device
 * (`PUT /iot/v2/things/{id}/sketch`, 201 with the thing, now with its `sketch_id`).
 */
export function useCreateThingSketch(thingId: string) {
  const { api, config, space } = useSketchesApi();
  return useApiMutation<Thing, void>({
    mutationFn: async () =>
      thingSchema.parse(
        await api(iotUrl(config, `/iot/v2/things/${encodeURIComponent(thingId)}/sketch`), {
          method: 'PUT',
          organization: space,
          body: {},
        }),
      ),
    invalidates: [iotKeys.thing(space, thingId), groupKeys.list(space, 'sketches'), iotKeys.sketches(space)],
    successMessage: 'The sketch was generated from the thing',
  });
}
