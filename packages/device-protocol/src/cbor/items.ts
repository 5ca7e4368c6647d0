/**
 * The CBOR data model as our reader returns it. Unlike a general-purpose decoder it keeps what the protocol
 * needs to see: semantic tags with their number, simple values (OTA states are sent as `simple(n)`), and
 * whether a number was written as an integer or a float.
 */
export class Tagged {
  constructor(
    readonly tag: number,
    readonly value: CborItem,
  ) {}
}

export class Simple {
  constructor(readonly value: number) {}
}

/** A number written with a float major type (half, single or double precision). */
export class FloatValue {
  constructor(
    readonly value: number,
    /** 16, 32 or 64: float32 values are shown as the shortest decimal that reads back the same. */
    readonly bits: 16 | 32 | 64,
  ) {}
}

export type CborItem =
  | number
  | bigint
  | FloatValue
  | string
  | Uint8Array
  | boolean
  | null
  | undefined
  | Simple
  | Tagged
  | CborItem[]
  | Map<CborItem, CborItem>;

/** The JS number an integer or float item stands for, or undefined when the item is not numeric. */
export function numberOf(item: CborItem): number | undefined {
  if (typeof item === 'number') return item;
  if (item instanceof FloatValue) return item.value;
  if (typeof item === 'bigint') return Number(item);
  return undefined;
}
