import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Config } from '../config.ts';
import type { Certificates } from './certificates.ts';
import { arduinoNames, hostOf } from './names.ts';

/** The names among `names` this machine cannot resolve. */
async function unresolved(names: string[]): Promise<string[]> {
  const results = await Promise.all(
    names.map((n) =>
      lookup(n).then(
        () => null,
        () => n,
      ),
    ),
  );
  return results.filter((n): n is string => n !== null);
}

/**
 * The start-up lines about TLS, after "is ready": where HTTPS listens, which CA to trust, the DNS names
 * Arduino's libraries dial that do not resolve yet, and the arduino-iot-js settings.
 */
export async function tlsStartupLines(
  config: Config,
  tls: { httpsPort: number | null; certificates: Certificates },
  mqttTlsPort: number | null,
): Promise<string[]> {
  const lines: string[] = [];
  const host = hostOf(config.publicUrl);
  const h = host.includes(':') ? `[${host}]` : host;
  if (tls.httpsPort !== null) {
    lines.push(
      `HTTPS: https://${h}:${tls.httpsPort}/ (MQTT over WebSocket: wss://${h}:${tls.httpsPort}/mqtt)`,
    );
  }
  if (tls.certificates.caFile)
    lines.push(`Trust this CA (local, made for this server): ${tls.certificates.caFile}`);
  if (isIP(host) !== 0 && mqttTlsPort !== null) {
    lines.push(
      `arduino-iot-js needs a host name (it dials mqtts-up.<host> and wss.<host>): set PUBLIC_URL to one`,
    );
  } else if (isIP(host) === 0) {
    const missing = await unresolved(arduinoNames(host));
    if (missing.length > 0) {
      const address =
        host === 'localhost'
          ? '127.0.0.1'
          : await lookup(host).then(
              (a) => a.address,
              () => `<address of ${host}>`,
            );
      lines.push(`Add DNS names (or hosts-file lines): ${missing.map((n) => `${address} ${n}`).join(', ')}`);
    } else {
      lines.push(`DNS names arduino-iot-js dials resolve here: ${arduinoNames(host).slice(1).join(', ')}`);
    }
    if (mqttTlsPort !== null && tls.httpsPort !== null) {
      lines.push(
        `arduino-iot-js: host "${host}", port ${mqttTlsPort} (device) or ${tls.httpsPort} (application)` +
          (tls.certificates.caFile ? `, with NODE_EXTRA_CA_CERTS=${tls.certificates.caFile}` : ''),
      );
    }
  }
  return lines;
}
