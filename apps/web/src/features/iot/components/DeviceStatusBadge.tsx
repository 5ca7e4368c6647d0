import type { DeviceStatus } from '../api/schemas.ts';

/** ONLINE / OFFLINE with a coloured dot; the word carries the meaning, the colour only repeats it. */
export function DeviceStatusBadge({ status }: { status: DeviceStatus | undefined }) {
  const value = status ?? 'UNKNOWN';
  return (
    <span className="device-status" data-status={value}>
      <span className="device-status-dot" aria-hidden="true" />
      {value}
    </span>
  );
}
