/**
 * Where a widget's last write is: `sending` until the publish API answers, `waiting` for the device once the
 * value is stored, `confirmed` when the device answered: the live stream brought its echo (the device
 * applied the write and reported it back) after the write began, or, where no stream runs, the variable
 * holds a value newer than the write. `idle` before any write, and again after a refused one.
 */
export type WriteState = 'idle' | 'sending' | 'waiting' | 'confirmed';

export interface WriteTimes {
  /** This browser's clock when the write began and when the API stored it (null: no write yet). */
  startedAt: number | null;
  storedAt: number | null;
  /** When this browser received the variable's last echo (undefined: none seen). */
  echoAt: number | undefined;
  /** When the variable's current value was stored (ISO). */
  valueAt: string | undefined;
}

export function writeStateOf(sending: boolean, times: WriteTimes): WriteState {
  if (sending) return 'sending';
  const { startedAt, storedAt, echoAt, valueAt } = times;
  if (startedAt === null || storedAt === null) return 'idle';
  if (echoAt !== undefined && echoAt >= startedAt) return 'confirmed';
  const at = valueAt === undefined ? Number.NaN : Date.parse(valueAt);
  return Number.isFinite(at) && at > storedAt ? 'confirmed' : 'waiting';
}

export const WRITE_STATE_TEXT: Record<Exclude<WriteState, 'idle'>, string> = {
  sending: 'Sending…',
  waiting: 'Sent, waiting for the device',
  confirmed: 'Confirmed by the device',
};
