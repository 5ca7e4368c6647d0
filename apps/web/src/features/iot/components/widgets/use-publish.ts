import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import type { LinkedVariable } from '@/features/dashboards/api/dashboard-schemas.ts';
import type { LinkedValue } from '@/features/iot/live/use-linked-values.ts';
import { notePublishedValue } from '@/features/things/api/published-value.ts';
import { publishValue } from '@/features/things/api/things.ts';
import { networkErrorMessage, toast } from '@/lib/toast.tsx';
import { useDeviceEcho } from './use-device-echo.ts';
import { type WriteState, writeStateOf } from './write-state.ts';

/**
 * Writing a widget's variable through the publish API. `pending` is the value shown while the write is on its
 * way (the optimistic value); a refused write drops it, so the widget shows the stored value again, and says
 * why in the spec's words ('Network Error: {detail}'). Once stored, `state` waits for the device's echo
 * (see write-state.ts); the echoed value itself reaches the widget through the live stream's caches.
 */
export function usePublish(space: string, variable: LinkedVariable | undefined, current?: LinkedValue) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ value: unknown } | null>(null);
  const [times, setTimes] = useState<{ startedAt: number | null; storedAt: number | null }>({
    startedAt: null,
    storedAt: null,
  });
  const [watching, setWatching] = useState(false);
  const echoAt = useDeviceEcho(space, variable?.id, watching);

  /** Resolves true once the value is stored, false when it was refused (and said so). */
  const publish = async (value: unknown): Promise<boolean> => {
    if (!variable) return false;
    const startedAt = Date.now();
    setPending({ value });
    setWatching(true);
    setTimes({ startedAt: null, storedAt: null });
    try {
      await publishValue(api, config, space, variable, value);
      notePublishedValue(queryClient, space, variable, value);
      // After the local note (stamped now): without a stream, only a later value confirms the write.
      setTimes({ startedAt, storedAt: Date.now() + 1 });
      return true;
    } catch (err) {
      setWatching(false);
      toast.error(networkErrorMessage(err));
      return false;
    } finally {
      setPending(null);
    }
  };
  const state: WriteState = writeStateOf(pending !== null, { ...times, echoAt, valueAt: current?.at });
  // Confirmed: the stream is no longer needed until the next write.
  if (state === 'confirmed' && watching) setWatching(false);
  return { pending, busy: pending !== null, publish, state };
}
