import { type CborItem, FloatValue, numberOf } from '../cbor/items.ts';
import { decodeCbor } from '../cbor/reader.ts';
import { ProtocolError } from '../errors.ts';
import { labelOf } from './labels.ts';
import type { SenmlRecord } from './record.ts';

/** `bt` values at or above this are milliseconds (1e11 s is the year 5138, 1e11 ms is March 1973). */
export const BASE_TIME_MS_THRESHOLD = 1e11;
/** RFC 8428: times below 2^28 seconds are relative to now. */
const RELATIVE_LIMIT_S = 2 ** 28;

export interface DecodeSenmlOptions {
  /** The "now" relative times count from; defaults to Date.now(). */
  nowMs?: number;
  /** Also report how each number was written (`integer`, `float32`, `float64`), e.g. to guess its type. */
  numberFormats?: boolean;
}

/**
 * The records of a SenML pack in CBOR with integer labels, as the ArduinoIoTCloud library and arduino-iot-js
 * send them (definite or indefinite array of maps).
 *
 * - Time: `bt` (base time) applies to this and the following records until another `bt`. A `bt` of at least
 *   1e11 is read as milliseconds (arduino-iot-js sends `Date.now()`), smaller as seconds. `t` is always in
 *   seconds and added to the base time. A resulting time below 2^28 s is relative to now (RFC 8428); a record
 *   with neither `bt` nor `t` has no time.
 * - `bn` is reported as `baseName` and not prepended: the library ignores it and arduino-iot-js sends
 *   `urn:uuid:{deviceId}` there while `n` alone is the property name.
 * - `bv` is added to numeric values. Float32 values are given as the shortest decimal that reads back the
 *   same float32 (21.3, not 21.299999237060547).
 * - NaN and infinite values are kept (recordsToValues rejects them one by one).
 * - `vd`, units, sums and unknown labels are ignored; a record without `v`, `vs` or `vb` has no value.
 *
 * Throws ProtocolError when the bytes are not CBOR, not an array of maps, or a label has the wrong type.
 */
export function decodeSenml(bytes: Uint8Array, opts: DecodeSenmlOptions = {}): SenmlRecord[] {
  const root = decodeCbor(bytes);
  if (!Array.isArray(root)) throw new ProtocolError('a SenML pack is an array');
  const now = opts.nowMs ?? Date.now();
  const records: SenmlRecord[] = [];
  let baseName: string | undefined;
  let baseTimeMs: number | undefined;
  let baseValue: number | undefined;
  for (let index = 0; index < root.length; index++) {
    const item = root[index];
    if (!(item instanceof Map)) throw new ProtocolError(`SenML record ${index} is not a map`);
    let name: string | number | undefined;
    let value: number | string | boolean | undefined;
    let numberFormat: SenmlRecord['numberFormat'];
    let timeS: number | undefined;
    for (const [key, raw] of item) {
      const label = labelOf(key);
      switch (label) {
        case 'bn':
          if (typeof raw !== 'string') throw labelError(index, label, 'a text string');
          baseName = raw;
          break;
        case 'bt': {
          const n = finite(raw);
          if (n === undefined) throw labelError(index, label, 'a number');
          baseTimeMs = Math.abs(n) >= BASE_TIME_MS_THRESHOLD ? n : n * 1000;
          break;
        }
        case 'bv': {
          const n = finite(raw);
          if (n === undefined) throw labelError(index, label, 'a number');
          baseValue = n;
          break;
        }
        case 'bver':
          if (typeof raw !== 'number' || !Number.isInteger(raw)) throw labelError(index, label, 'an integer');
          break;
        case 'n':
          if (typeof raw === 'string') name = raw;
          else if (typeof raw === 'number' && Number.isInteger(raw)) name = raw;
          else throw labelError(index, label, 'a text string or an integer');
          break;
        case 'v': {
          // NaN and infinities (a failed sensor read) stay values: recordsToValues rejects that one record.
          const n = numeric(raw);
          if (n === undefined) throw labelError(index, label, 'a number');
          value = n;
          numberFormat = raw instanceof FloatValue ? (raw.bits === 64 ? 'float64' : 'float32') : 'integer';
          break;
        }
        case 'vs':
          if (typeof raw !== 'string') throw labelError(index, label, 'a text string');
          value = raw;
          break;
        case 'vb':
          if (typeof raw !== 'boolean') throw labelError(index, label, 'true or false');
          value = raw;
          break;
        case 't': {
          const n = finite(raw);
          if (n === undefined) throw labelError(index, label, 'a number');
          timeS = n;
          break;
        }
        default:
          break;
      }
    }
    const record: SenmlRecord = { name: name ?? '' };
    if (value !== undefined)
      record.value = typeof value === 'number' && baseValue ? value + baseValue : value;
    if (baseTimeMs !== undefined || timeS !== undefined) {
      const ms = (baseTimeMs ?? 0) + (timeS ?? 0) * 1000;
      record.timeMs = Math.round(ms < RELATIVE_LIMIT_S * 1000 ? now + ms : ms);
    }
    if (baseName !== undefined) record.baseName = baseName;
    if (opts.numberFormats && typeof record.value === 'number') record.numberFormat = numberFormat;
    records.push(record);
  }
  return records;
}

function labelError(index: number, label: string | undefined, what: string) {
  return new ProtocolError(`SenML record ${index}: ${label} must be ${what}`);
}

function numeric(item: CborItem): number | undefined {
  return item instanceof FloatValue && item.bits === 32 ? shortestFloat32(item.value) : numberOf(item);
}

function finite(item: CborItem): number | undefined {
  const n = numeric(item);
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

/** The shortest decimal reading back as the same float32 (float32 carries 6 to 9 significant digits). */
export function shortestFloat32(v: number): number {
  if (!Number.isFinite(v) || Number.isInteger(v)) return v;
  for (let digits = 6; digits < 9; digits++) {
    const d = Number(v.toPrecision(digits));
    if (Math.fround(d) === v) return d;
  }
  return Number(v.toPrecision(9));
}
