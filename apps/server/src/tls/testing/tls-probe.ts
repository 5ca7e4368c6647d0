import { lookup } from 'node:dns';
import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { connect } from 'node:tls';

/**
 * Resolves `*.localhost` to loopback as RFC 6761 asks (and as a hosts-file line `127.0.0.1 mqtts-up.localhost`
 * would): the resolver of many machines does not, so a test dials the names Arduino's libraries derive with it.
 */
export const loopbackLookup = ((hostname: string, options: object, callback: never) =>
  lookup(hostname.endsWith('.localhost') ? '127.0.0.1' : hostname, options, callback)) as LookupFunction;

/** The certificate a TLS listener serves for `servername`, and whether it is trusted given `ca` (only that CA). */
export function tlsPeer(
  port: number,
  servername: string,
  ca?: string,
): Promise<{ authorized: boolean; error: string | undefined; serial: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca, rejectUnauthorized: false }, () => {
      const serial = socket.getPeerCertificate().serialNumber;
      resolve({ authorized: socket.authorized, error: socket.authorizationError?.toString(), serial });
      socket.end();
    });
    socket.on('error', reject);
  });
}

/** A GET over HTTPS to `https://{name}:{port}{path}`, trusting only `ca`. */
export function httpsGet(
  port: number,
  name: string,
  path: string,
  ca: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: name, port, path, ca, lookup: loopbackLookup }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
