/** Bytes from a hex dump such as `DA 00 01 05 00 80`; quoted runs ("2.0.0") are taken as UTF-8 text. */
export function hex(dump: string): Uint8Array {
  const out: number[] = [];
  for (const part of dump.match(/"[^"]*"|[0-9a-fA-F]{2}/g) ?? []) {
    if (part.startsWith('"')) out.push(...new TextEncoder().encode(part.slice(1, -1)));
    else out.push(Number.parseInt(part, 16));
  }
  return Uint8Array.from(out);
}

export const toHex = (bytes: Uint8Array) =>
  [...bytes].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');
