import { CborWriter } from '../cbor/writer.ts';
import { ProtocolError } from '../errors.ts';
import { LABELS } from './labels.ts';
import type { SenmlRecord } from './record.ts';

export interface EncodeSenmlOptions {
  /** Indefinite-length array (`9F … FF`) as the library's devices send; definite when false. Default true. */
  indefinite?: boolean;
  /**
   * How record times are written: `seconds` = `t` as unsigned epoch seconds, as the library does and reads
   * back (default); `bt-milliseconds` = `bt` in epoch milliseconds, as arduino-iot-js does.
   */
  time?: 'seconds' | 'bt-milliseconds';
}

/** A SenML pack in CBOR with integer labels: one map per record, `{0: name, 2|3|4: value[, 6: t]}`. */
export function encodeSenml(records: readonly SenmlRecord[], opts: EncodeSenmlOptions = {}): Uint8Array {
  const w = new CborWriter();
  const indefinite = opts.indefinite ?? true;
  const msTime = opts.time === 'bt-milliseconds';
  if (indefinite) w.indefiniteArray();
  else w.array(records.length);
  for (const r of records) {
    const hasTime = r.timeMs !== undefined;
    if (hasTime && (!Number.isFinite(r.timeMs) || (r.timeMs as number) < 0))
      throw new ProtocolError(`the time of ${r.name} must be a positive number of milliseconds`);
    w.map(1 + (r.value === undefined ? 0 : 1) + (hasTime ? 1 : 0));
    if (hasTime && msTime) w.int(LABELS.bt).int(Math.round(r.timeMs as number));
    w.int(LABELS.n);
    if (typeof r.name === 'number') w.int(r.name);
    else w.text(r.name);
    if (r.value !== undefined) writeValue(w, r);
    if (hasTime && !msTime) w.int(LABELS.t).int(Math.floor((r.timeMs as number) / 1000));
  }
  if (indefinite) w.end();
  return w.toBytes();
}

function writeValue(w: CborWriter, r: SenmlRecord) {
  const v = r.value;
  if (typeof v === 'boolean') {
    w.int(LABELS.vb).bool(v);
  } else if (typeof v === 'string') {
    w.int(LABELS.vs).text(v);
  } else if (typeof v === 'number') {
    w.int(LABELS.v);
    const format = r.numberFormat ?? (Number.isSafeInteger(v) ? 'integer' : 'float64');
    if (format === 'integer') w.int(v);
    else if (format === 'float32') w.float32(v);
    else w.float64(v);
  } else {
    throw new ProtocolError(`the value of ${r.name} must be a number, a string or a boolean`);
  }
}
