import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import type { LinkedVariable } from '@/features/dashboards/api/dashboard-schemas.ts';
import type { LinkedValue } from '@/features/iot/live/use-linked-values.ts';
import { notePublishedValue } from '@/features/things/api/published-value.ts';
import { publishValue } from '@/features/things/api/things.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { type WriteState, writeStateOf } from './write-state.ts';

/**
 * Writing a widget's variable through the publish API. `pending` is the value shown while the write is on its
 * way (the optimistic value); a refused write drops it, so the widget shows the stored value again, and says
 * why in the spec's words ('Network Error: {detail}'). Once stored, the write waits for the device: its echo
 * comes back through the live stream as a newer value, and `state` turns from `waiting` to `confirmed`.
 */
export function usePublish(space: string, variable: LinkedVariable | undefined, current?: LinkedValue) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ value: unknown } | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);

  const publish = async (value: unknown) => {
    if (!variable) return;
    setPending({ value });
    try {
      await publishValue(api, config, space, variable, value);
      notePublishedValue(queryClient, space, variable, value);
      // Set after the local note (which is stamped now): only a later value, the device's, confirms it.
      setSentAt(Date.now() + 1);
    } catch (err) {
      setSentAt(null);
      toast.error(networkErrorMessage(err));
    } finally {
      setPending(null);
    }
  };
  const state: WriteState = writeStateOf(pending !== null, sentAt, current?.at);
  return { pending, busy: pending !== null, publish, state };
}
