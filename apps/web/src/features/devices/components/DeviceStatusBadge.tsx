import type { DeviceStatus } from '@/features/iot/api/schemas.ts';

/**
 * ONLINE or OFFLINE with a coloured dot; the word carries the meaning, the colour only repeats it. A device
 * that never connected (UNKNOWN to the API) is offline too.
 */
export function DeviceStatusBadge({ status }: { status: DeviceStatus | undefined }) {
  const online = status === 'ONLINE';
  return (
    <span
      className="device-status"
      data-status={online ? 'ONLINE' : 'OFFLINE'}
      title={online || status === 'OFFLINE' ? undefined : 'Not connected yet'}
    >
      <span className="device-status-dot" aria-hidden="true" />
      {online ? 'ONLINE' : 'OFFLINE'}
    </span>
  );
}
