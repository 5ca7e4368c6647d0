/**
 * One SenML record with its base values already applied. `name` is a property name (`temp`, `color:hue`)
 * or, in the "light payload" form, an integer whose low byte is the property tag and whose high byte is the
 * 1-based attribute index. A record may carry no value (arduino-iot-js 0.13 sends 0 and false that way).
 */
export interface SenmlRecord {
  name: string | number;
  value?: number | string | boolean;
  /** Epoch milliseconds. */
  timeMs?: number;
  /** How encodeSenml writes a number; without it integers are CBOR integers and other numbers floats. */
  numberFormat?: 'integer' | 'float32' | 'float64';
  /** The `bn` in force for this record, when the pack had one (not prepended to the name: see decodeSenml). */
  baseName?: string;
}
