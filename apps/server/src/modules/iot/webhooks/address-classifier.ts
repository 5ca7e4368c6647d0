import { BlockList, isIP } from 'node:net';

/** Why an address may not be reached by a webhook, by range (first match wins, so specific ranges first). */
const RANGES: { kind: string; v: 'ipv4' | 'ipv6'; net: string; prefix: number }[] = [
  { kind: 'metadata', v: 'ipv4', net: '169.254.169.254', prefix: 32 },
  { kind: 'metadata', v: 'ipv6', net: 'fd00:ec2::254', prefix: 128 },
  { kind: 'unspecified', v: 'ipv4', net: '0.0.0.0', prefix: 8 },
  { kind: 'loopback', v: 'ipv4', net: '127.0.0.0', prefix: 8 },
  { kind: 'private', v: 'ipv4', net: '10.0.0.0', prefix: 8 },
  { kind: 'private', v: 'ipv4', net: '172.16.0.0', prefix: 12 },
  { kind: 'private', v: 'ipv4', net: '192.168.0.0', prefix: 16 },
  // Carrier-grade NAT: as internal as the private ranges.
  { kind: 'private', v: 'ipv4', net: '100.64.0.0', prefix: 10 },
  { kind: 'link-local', v: 'ipv4', net: '169.254.0.0', prefix: 16 },
  { kind: 'multicast', v: 'ipv4', net: '224.0.0.0', prefix: 4 },
  // 240/4 (reserved) and 255.255.255.255 (broadcast).
  { kind: 'reserved', v: 'ipv4', net: '240.0.0.0', prefix: 4 },
  { kind: 'unspecified', v: 'ipv6', net: '::', prefix: 128 },
  { kind: 'loopback', v: 'ipv6', net: '::1', prefix: 128 },
  { kind: 'private', v: 'ipv6', net: 'fc00::', prefix: 7 },
  { kind: 'link-local', v: 'ipv6', net: 'fe80::', prefix: 10 },
  { kind: 'multicast', v: 'ipv6', net: 'ff00::', prefix: 8 },
];

const lists = RANGES.map((r) => {
  const list = new BlockList();
  list.addSubnet(r.net, r.prefix, r.v);
  return { kind: r.kind, v: r.v, list };
});

/** `::ffff:a.b.c.d` (and its hex form `::ffff:7f00:1`) is the IPv4 address a.b.c.d. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const hi = Number.parseInt(hex[1], 16);
    const lo = Number.parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/**
 * What kind of internal address this is (`loopback`, `private`, `link-local`, `metadata`, `unspecified`,
 * `multicast`, `reserved`), or null for a public one. Anything that is not an IP address counts as
 * `invalid`: the caller resolved names already, so it must never be connected to.
 */
export function internalAddressKind(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'invalid';
  const v4 = family === 4 ? bare : mappedIpv4(bare);
  const [ip, v] = v4 ? [v4, 'ipv4' as const] : [bare, 'ipv6' as const];
  for (const l of lists) if (l.v === v && l.list.check(ip, v)) return l.kind;
  return null;
}
