import { describe, expect, it } from 'vitest';
import { internalAddressKind } from './address-classifier.ts';

describe('internalAddressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
  ])('IPv4 %s is %s', (ip, kind) => expect(internalAddressKind(ip)).toBe(kind));

  it.each(['8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1', '1.1.1.1'])('IPv4 %s is public', (ip) =>
    expect(internalAddressKind(ip)).toBeNull(),
  );

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['[::1]', 'loopback'],
  ])('IPv6 %s is %s', (ip, kind) => expect(internalAddressKind(ip)).toBe(kind));

  it.each(['2001:4860:4860::8888', '2606:4700::1111'])('IPv6 %s is public', (ip) =>
    expect(internalAddressKind(ip)).toBeNull(),
  );

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'private'],
  ])('IPv4-mapped IPv6 %s is %s', (ip, kind) => expect(internalAddressKind(ip)).toBe(kind));

  it('counts an IPv4-mapped public address as public', () => {
    expect(internalAddressKind('::ffff:8.8.8.8')).toBeNull();
  });

  it('refuses anything that is not an address', () => {
    expect(internalAddressKind('localhost')).toBe('invalid');
  });
});
