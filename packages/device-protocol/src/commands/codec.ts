import { type CborItem, Simple, Tagged } from '../cbor/items.ts';
import { decodeCbor } from '../cbor/reader.ts';
import { CborWriter } from '../cbor/writer.ts';
import { ProtocolError } from '../errors.ts';
import { bytesToHex, bytesToUuid, hexToBytes, uuidToBytes } from './binary.ts';
import { COMMAND_TAGS, type Command, type CommandType, LIMITS, type NetConfigParam } from './types.ts';

const TYPE_OF_TAG = new Map<number, CommandType>(
  Object.entries(COMMAND_TAGS).map(([type, tag]) => [tag, type as CommandType]),
);
const utf8 = new TextEncoder();
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const UINT32_MAX = 2 ** 32 - 1;

/** The bytes of a command: its 4-byte tag wrapping a definite array of its parameters. */
export function encodeCommand(cmd: Command): Uint8Array {
  const w = new CborWriter().tag32(COMMAND_TAGS[cmd.type]);
  switch (cmd.type) {
    case 'DeviceBegin':
      w.array(1).text(checkText(cmd.libVersion, LIMITS.libVersion, 'libVersion'));
      break;
    case 'ThingBegin':
    case 'ThingUpdate':
    case 'ThingDetach':
      w.array(1).text(checkText(cmd.thingId, LIMITS.thingId, 'thingId'));
      break;
    case 'LastValuesBegin':
    case 'TimezoneUp':
      w.array(0);
      break;
    case 'LastValuesUpdate':
      w.array(1).bytes(cmd.senml);
      break;
    case 'TimezoneDown':
      w.array(2)
        .int(checkInt(cmd.offset, INT32.min, INT32.max, 'offset'))
        .int(checkInt(cmd.until, 0, UINT32_MAX, 'until'));
      break;
    case 'DeviceNetConfig':
      w.array(1 + cmd.params.length).int(checkInt(cmd.adapter, 0, 255, 'adapter'));
      for (const p of cmd.params) {
        if (typeof p === 'string') w.text(checkText(p, LIMITS.text, 'a network setting'));
        else if (p instanceof Uint8Array) w.bytes(p);
        else throw new ProtocolError('network settings are strings or bytes');
      }
      break;
    case 'WiFiFwVersion':
      w.array(1).text(checkText(cmd.version, LIMITS.text, 'version'));
      break;
    case 'OtaBeginUp':
      w.array(1).bytes(hexToBytes(cmd.sha256, LIMITS.sha256Bytes, 'sha256'));
      break;
    case 'OtaUpdateDown':
      w.array(4)
        .bytes(uuidToBytes(cmd.id, 'id'))
        .text(checkText(cmd.url, LIMITS.url, 'url'))
        .bytes(hexToBytes(cmd.initialSha256, LIMITS.sha256Bytes, 'initialSha256'))
        .bytes(hexToBytes(cmd.finalSha256, LIMITS.sha256Bytes, 'finalSha256'));
      break;
    case 'OtaProgressUp':
      w.array(4)
        .bytes(uuidToBytes(cmd.id, 'id'))
        .simple(checkInt(cmd.state, 0, 19, 'state'))
        .int(checkInt(cmd.stateData, INT32.min, INT32.max, 'stateData'))
        .int(checkInt(cmd.time, 0, Number.MAX_SAFE_INTEGER, 'time'));
      break;
    default:
      throw new ProtocolError(`unknown command ${(cmd as { type: unknown }).type}`);
  }
  return w.toBytes();
}

/** The command in `bytes`. Throws ProtocolError for anything but a well-formed command of protocol 2.x. */
export function decodeCommand(bytes: Uint8Array): Command {
  const root = decodeCbor(bytes);
  if (!(root instanceof Tagged)) throw new ProtocolError('a command starts with a CBOR tag');
  const type = TYPE_OF_TAG.get(root.tag);
  if (!type) throw new ProtocolError(`unknown command tag 0x${root.tag.toString(16)}`);
  const args = root.value;
  if (!Array.isArray(args)) throw new ProtocolError(`${type}: the parameters must be an array`);
  const arity = (n: number) => {
    if (args.length !== n) throw new ProtocolError(`${type}: expected ${n} parameters, got ${args.length}`);
  };
  const at = (i: number) => args[i] as CborItem;
  switch (type) {
    case 'DeviceBegin':
      arity(1);
      return { type, libVersion: text(at(0), LIMITS.libVersion, `${type} libVersion`) };
    case 'ThingBegin':
    case 'ThingUpdate':
    case 'ThingDetach':
      arity(1);
      return { type, thingId: text(at(0), LIMITS.thingId, `${type} thingId`) };
    case 'LastValuesBegin':
    case 'TimezoneUp':
      arity(0);
      return { type };
    case 'LastValuesUpdate':
      arity(1);
      return { type, senml: bytesOf(at(0), undefined, `${type} senml`) };
    case 'TimezoneDown':
      arity(2);
      return {
        type,
        offset: integer(at(0), INT32.min, INT32.max, `${type} offset`),
        until: integer(at(1), 0, UINT32_MAX, `${type} until`),
      };
    case 'DeviceNetConfig': {
      if (args.length < 1) throw new ProtocolError(`${type}: the adapter type is missing`);
      const params: NetConfigParam[] = args.slice(1).map((p) => {
        if (typeof p === 'string') return text(p, LIMITS.text, `${type} setting`);
        if (p instanceof Uint8Array) return p;
        throw new ProtocolError(`${type}: network settings are strings or bytes`);
      });
      return { type, adapter: integer(at(0), 0, 255, `${type} adapter`), params };
    }
    case 'WiFiFwVersion':
      arity(1);
      return { type, version: text(at(0), LIMITS.text, `${type} version`) };
    case 'OtaBeginUp':
      arity(1);
      return { type, sha256: bytesToHex(bytesOf(at(0), LIMITS.sha256Bytes, `${type} sha256`)) };
    case 'OtaUpdateDown':
      arity(4);
      return {
        type,
        id: bytesToUuid(bytesOf(at(0), LIMITS.otaIdBytes, `${type} id`)),
        url: text(at(1), LIMITS.url, `${type} url`),
        initialSha256: bytesToHex(bytesOf(at(2), LIMITS.sha256Bytes, `${type} initialSha256`)),
        finalSha256: bytesToHex(bytesOf(at(3), LIMITS.sha256Bytes, `${type} finalSha256`)),
      };
    case 'OtaProgressUp': {
      arity(4);
      const state = at(1);
      if (!(state instanceof Simple)) throw new ProtocolError(`${type}: state must be a CBOR simple value`);
      return {
        type,
        id: bytesToUuid(bytesOf(at(0), LIMITS.otaIdBytes, `${type} id`)),
        state: state.value,
        stateData: integer(at(2), INT32.min, INT32.max, `${type} stateData`),
        time: integer(at(3), 0, Number.MAX_SAFE_INTEGER, `${type} time`),
      };
    }
  }
}

function checkText(value: unknown, maxBytes: number, what: string): string {
  if (typeof value !== 'string') throw new ProtocolError(`${what} must be a string`);
  if (utf8.encode(value).length > maxBytes)
    throw new ProtocolError(`${what} is longer than ${maxBytes} bytes`);
  return value;
}

function checkInt(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new ProtocolError(`${what} must be an integer from ${min} to ${max}`);
  return value;
}

const text = (item: CborItem, maxBytes: number, what: string) => {
  if (typeof item !== 'string') throw new ProtocolError(`${what} must be a text string`);
  return checkText(item, maxBytes, what);
};

const integer = (item: CborItem, min: number, max: number, what: string) => {
  const n = typeof item === 'bigint' ? Number.NaN : item;
  return checkInt(n, min, max, what);
};

function bytesOf(item: CborItem, size: number | undefined, what: string): Uint8Array {
  if (!(item instanceof Uint8Array)) throw new ProtocolError(`${what} must be a byte string`);
  if (size !== undefined && item.length !== size) throw new ProtocolError(`${what} must be ${size} bytes`);
  return item;
}
