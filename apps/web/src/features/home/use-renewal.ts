import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '@/app/services.tsx';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { activateRenewal } from '../spaces/api/recap.ts';

export const PLAN_ACTIVATED = 'Plan activated successfully.';

/** Renewal ids handled in this page view: a second render (StrictMode, back navigation) does not repeat. */
const handled = new Set<string>();

/** `renewal_id` on Home activates the plan and says so (spec 4.5, 8); then `onDone` clears the parameter. */
export function useRenewal(renewalId: string | undefined, onDone: () => void) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!renewalId || handled.has(renewalId)) return;
    handled.add(renewalId);
    activateRenewal(api, config, renewalId)
      .then(async () => {
        toast.success(PLAN_ACTIVATED);
        await readAgain(queryClient, ['recap']);
        await readAgain(queryClient, ['spaces']);
      })
      .catch((error: unknown) => toast.error(networkErrorMessage(error)))
      .finally(onDone);
  }, [renewalId, api, config, queryClient, onDone]);
}

/** For tests: forget handled ids. */
export function resetRenewals() {
  handled.clear();
}
