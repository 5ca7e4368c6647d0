import type { Certificate } from 'node:tls';

/**
 * The common name of a certificate subject as `TLSSocket.getPeerCertificate()` gives it (a field that occurs
 * more than once is an array); undefined when it has none, or more than one (a login names one device).
 */
export function commonNameOf(subject: Certificate | undefined): string | undefined {
  const cn: unknown = subject?.CN;
  if (typeof cn === 'string') return cn;
  return Array.isArray(cn) && cn.length === 1 && typeof cn[0] === 'string' ? cn[0] : undefined;
}
