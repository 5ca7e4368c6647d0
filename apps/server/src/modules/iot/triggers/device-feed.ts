import type { DeviceStatusChange, StoredPropertyValue, TriggerFiring } from './trigger-firing.ts';

/** A value the device side stored; `echo`: a device repeating a cloud write, already seen as that write. */
interface FedValue {
  thing: { space: StoredPropertyValue['space'] };
  property: { id: string };
  value: unknown;
  at: Date;
  origin: 'device' | 'echo' | 'cloud';
}

/**
 * What the device side (modules/connectivity) offers triggers: the values its ingest stored and the status
 * changes its presence stored, both in the process that stored them. Each returns an unsubscribe function.
 */
export interface DeviceFeed {
  onValues(listener: (values: FedValue[]) => void): () => void;
  onDeviceStatus(listener: (change: DeviceStatusChange) => void): () => void;
}

/** Feeds the device side's values (echoes left out) and status changes to trigger firing. */
export function feedTriggers(
  feed: DeviceFeed,
  firing: Pick<TriggerFiring, 'valuesStored' | 'deviceStatusChanged'>,
) {
  const offValues = feed.onValues((values) =>
    firing.valuesStored(
      values
        .filter((v) => v.origin !== 'echo')
        .map((v) => ({ space: v.thing.space, propertyId: v.property.id, value: v.value, at: v.at })),
    ),
  );
  const offStatus = feed.onDeviceStatus((change) => firing.deviceStatusChanged(change));
  return () => {
    offValues();
    offStatus();
  };
}
