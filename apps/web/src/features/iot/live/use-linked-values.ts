import { useQueries } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import type { LinkedVariable } from '@/features/dashboards/api/dashboard-schemas.ts';
import { thingPropertiesQueryOptions } from '@/features/things/api/things.ts';

/** A linked variable's current value and when it was stored (undefined: never). */
export interface LinkedValue {
  value: unknown;
  at: string | undefined;
}

/**
 * The current values of the variables a dashboard links to. They are read from the things' variables
 * queries, which the live stream (`useLiveUpdates`) and publishes keep up to date; until a thing's variables
 * have loaded, the value the dashboard answer carried is shown.
 */
export function useLinkedValues(
  space: string,
  variables: readonly LinkedVariable[],
  pollMs: number | false,
): (variable: LinkedVariable) => LinkedValue {
  const { api, config } = useServices();
  const thingIds = [...new Set(variables.map((v) => v.thing_id))];
  const results = useQueries({
    queries: thingIds.map((thingId) => ({
      ...thingPropertiesQueryOptions(api, config, space, thingId),
      refetchInterval: pollMs,
    })),
  });
  const byId = new Map(results.flatMap((r) => (r.data ?? []).map((p) => [p.id, p] as const)));
  return (variable) => {
    const property = byId.get(variable.id);
    return property
      ? { value: property.last_value, at: property.value_updated_at }
      : { value: variable.last_value, at: variable.last_value_updated_at };
  };
}
