/**
 * Where a widget's last write is: `sending` until the publish API answers, `waiting` for the device's echo
 * once the value is stored, `confirmed` when a value newer than the write came back through the live stream
 * (the device applied and reported it), `idle` before any write.
 */
export type WriteState = 'idle' | 'sending' | 'waiting' | 'confirmed';

export function writeStateOf(
  sending: boolean,
  sentAt: number | null,
  valueAt: string | undefined,
): WriteState {
  if (sending) return 'sending';
  if (sentAt === null) return 'idle';
  const at = valueAt === undefined ? Number.NaN : Date.parse(valueAt);
  return Number.isFinite(at) && at >= sentAt ? 'confirmed' : 'waiting';
}

export const WRITE_STATE_TEXT: Record<Exclude<WriteState, 'idle'>, string> = {
  sending: 'Sending…',
  waiting: 'Sent, waiting for the device',
  confirmed: 'Confirmed by the device',
};
