import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { canReadRecap, recapQueryOptions } from '@/features/spaces/api/recap.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { triggerPlanBlock } from '../model/trigger-plan.ts';

/**
 * Why the space's plan refuses one more trigger (null: it allows one; undefined: not known yet), from the
 * plan recap (plans and `cloud_triggers`) and the number of triggers listed.
 */
export function useTriggerPlanBlock(triggerCount: number | undefined): string | null | undefined {
  const { api, config } = useServices();
  const { selected } = useSpaces();
  const recap = useQuery({
    ...recapQueryOptions(api, config, selected.id),
    enabled: canReadRecap(selected),
  });
  const plan = recap.data && {
    plans: recap.data.plans,
    limit: recap.data.limits.cloud_triggers,
    space: selected.space,
  };
  return triggerPlanBlock(plan, triggerCount);
}
