/** Bytes that are not a valid message of the protocol (bad CBOR, unknown tag, wrong arity or field types). */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}
