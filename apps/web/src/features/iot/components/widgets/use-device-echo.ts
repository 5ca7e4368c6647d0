import { parseLiveStreamEvent } from '@tinkercloud/shared';
import { useEffect, useState } from 'react';
import { useServices } from '@/app/services.tsx';

/**
 * When this browser last received the device's echo of a cloud write to the variable: a `properties.value`
 * event with `origin: echo` on the live stream (the device applied the value and reported it back). It joins
 * the page's stream only while `watching` (a write is out), so 50 idle widgets add no work per event.
 */
export function useDeviceEcho(space: string, propertyId: string | undefined, watching: boolean) {
  const { live } = useServices();
  const [echoAt, setEchoAt] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!live || !propertyId || !watching) return;
    return live.subscribe(space, {
      onMessage: (message) => {
        if (message.type !== 'properties.value') return;
        const event = parseLiveStreamEvent(message.type, message.data);
        if (
          event?.type === 'properties.value' &&
          event.data.property_id === propertyId &&
          event.data.origin === 'echo'
        )
          setEchoAt(Date.now());
      },
    });
  }, [live, space, propertyId, watching]);
  return echoAt;
}
