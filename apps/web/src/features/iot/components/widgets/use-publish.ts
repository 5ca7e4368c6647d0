import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import type { LinkedVariable } from '@/features/dashboards/api/dashboard-schemas.ts';
import { notePublishedValue } from '@/features/things/api/published-value.ts';
import { publishValue } from '@/features/things/api/things.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';

/**
 * Writing a widget's variable through the publish API. `pending` is the value shown while the write is on its
 * way (the optimistic value); a failure drops it, so the widget shows the stored value again, and says why.
 */
export function usePublish(space: string, variable: LinkedVariable | undefined) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ value: unknown } | null>(null);

  const publish = async (value: unknown) => {
    if (!variable) return;
    setPending({ value });
    try {
      await publishValue(api, config, space, variable, value);
      notePublishedValue(queryClient, space, variable, value);
    } catch (err) {
      toast.error(networkErrorMessage(err));
    } finally {
      setPending(null);
    }
  };
  return { pending, busy: pending !== null, publish };
}
