import { isIP } from 'node:net';

/** Bind addresses that mean "every address": not a name anyone dials. */
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/**
 * The names Arduino's libraries dial for a host: arduino-iot-js connects devices to `mqtts-up.{host}` and
 * applications to `wss.{host}` (arduino-compat §2.6), whatever host it is given.
 */
export function arduinoNames(host: string): string[] {
  // An address has no sub-names; a wildcard (`*.example.org` in TLS_HOSTS) already covers them.
  return isIP(host) || host.startsWith('*.') ? [host] : [host, `mqtts-up.${host}`, `wss.${host}`];
}

/** A URL's host name without the brackets of an IPv6 literal. */
export function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/**
 * Every name the generated server certificate covers, the public host first: PUBLIC_URL's host, the HTTP and
 * MQTT bind addresses when they are specific, localhost and the loopback addresses, and TLS_HOSTS; each host
 * name with its `mqtts-up.` and `wss.` names.
 */
export function certificateNames(opts: {
  publicUrl: string;
  bindHosts: string[];
  extraHosts: string[];
}): string[] {
  const hosts = [
    hostOf(opts.publicUrl),
    ...opts.bindHosts.map((h) => h.toLowerCase()).filter((h) => !WILDCARDS.has(h)),
    'localhost',
    ...opts.extraHosts,
  ];
  return [...new Set([...hosts.flatMap(arduinoNames), '127.0.0.1', '::1'])];
}
