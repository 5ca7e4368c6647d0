import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isOnboardingActive, type Onboarding } from '@tinkercloud/shared';
import { useEffect, useRef, useState } from 'react';
import { readAgain } from '@/lib/query-client.ts';
import { useServices } from '../../../../app/services.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { subscribeOnboardings } from '../../../../lib/live-events.ts';
import { toast } from '../../../../lib/toast.tsx';
import { iotKeys } from '../../../iot/api/query-keys.ts';
import { onboardingQueryOptions, onboardingUrl } from '../api/provisioning.ts';

export const ONBOARDING_NOT_FOUND = 'Onboarding ID not found';
export const availableMessage = (deviceName: string) => `${deviceName} is now available 🎉`;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * One onboarding, followed live (spec 4.5): read once, then from the onboarding stream
 * (`GET /v1/onboarding/sse`). When it becomes provisioned while the page watches, the device list is read
 * again and '{device_name} is now available 🎉' is shown. An unknown id shows 'Onboarding ID not found'
 * (an error toast, then not-found: spec 8).
 */
export function useOnboarding(space: string, id: string) {
  const { api, config, auth } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...onboardingQueryOptions(api, config, space, id),
    // A missing onboarding will not appear by asking again.
    retry: (count, error) => !isNotFound(error) && count < 3,
  });
  const [live, setLive] = useState<Onboarding | null>(null);
  const notFound = query.isError && isNotFound(query.error);
  const known = query.isSuccess;

  useEffect(() => {
    if (notFound) toast.error(ONBOARDING_NOT_FOUND, { id: `onboarding-${id}` });
  }, [notFound, id]);

  useEffect(() => {
    if (!known) return;
    const subscription = subscribeOnboardings({
      url: onboardingUrl(config, '/sse'),
      getAccessToken: () => auth.getAccessToken(),
      organization: space,
      // On a stream failure the list is empty (spec 8): keep what was last known of this one.
      onList: (list) => {
        const mine = list.find((o) => o.id === id);
        if (mine) setLive(mine);
      },
    });
    return () => subscription.stop();
  }, [known, config, auth, space, id]);

  const onboarding = live ?? query.data ?? null;
  // Announced once, and only for a change this page saw: reopening a finished onboarding says nothing.
  const seenActive = useRef(false);
  const announced = useRef(false);
  useEffect(() => {
    if (!onboarding) return;
    if (isOnboardingActive(onboarding)) {
      seenActive.current = true;
      return;
    }
    if (onboarding.provisioned_at && seenActive.current && !announced.current) {
      announced.current = true;
      void readAgain(queryClient, iotKeys.devices(space));
      void readAgain(queryClient, iotKeys.device(space, onboarding.device_id));
      toast.success(availableMessage(onboarding.device_name));
    }
  }, [onboarding, queryClient, space]);

  return { onboarding, notFound, error: query.isError && !notFound ? query.error : null };
}
