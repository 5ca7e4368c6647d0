// The network probes of `npm run doctor`, each as an Arduino client makes it: a name lookup, a TLS handshake
// with the name as SNI, an MQTT CONNECT over TLS or a WebSocket, an HTTPS request. Trust: the system's roots plus
// the given CA (and NODE_EXTRA_CA_CERTS), as a Node.js client started with NODE_EXTRA_CA_CERTS would have.
import dns from 'node:dns';
import { request } from 'node:https';
import { checkServerIdentity, connect, rootCertificates } from 'node:tls';
import mqtt from 'mqtt';

/** The addresses a name resolves to, or null. */
export function resolve(name) {
  // Through `dns.lookup` as the clients' sockets do (getaddrinfo: hosts file, then DNS).
  return new Promise((done) => {
    dns.lookup(name, { all: true }, (err, addresses) => done(err ? null : addresses.map((a) => a.address)));
  });
}

/** The trust list: system roots plus extra CA PEM texts. */
export const trustWith = (extra) => [...rootCertificates, ...extra];

/**
 * A TLS handshake to `name:port` (SNI = name), not refused on a bad certificate so the reason can be told:
 * `{ ok, code, notAfter, names }`, `code` being Node's verification error, or `ERR_TLS_CERT_ALTNAME_INVALID`.
 */
export function handshake(name, port, ca) {
  return new Promise((done) => {
    const socket = connect({
      host: name,
      port,
      servername: name,
      ca,
      rejectUnauthorized: false,
      timeout: 10_000,
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const identity = checkServerIdentity(name, cert);
      const code = socket.authorized
        ? identity
          ? 'ERR_TLS_CERT_ALTNAME_INVALID'
          : null
        : String(socket.authorizationError);
      done({ ok: code === null, code, notAfter: new Date(cert.valid_to), names: cert.subjectaltname ?? '' });
      socket.end();
    });
    socket.once('timeout', () => {
      socket.destroy();
      done({ ok: false, code: 'ETIMEDOUT' });
    });
    socket.once('error', (err) => done({ ok: false, code: err.code ?? err.message }));
  });
}

/**
 * An MQTT 3.1.1 CONNECT (as arduino-iot-js sends it) to `url`: `{ code }`, 0 when accepted, the CONNACK refusal
 * code otherwise, or `{ error }` when no MQTT answer came.
 */
export async function mqttConnect(url, opts, ca) {
  try {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      ca,
      ...opts,
    });
    await client.endAsync(true);
    return { code: 0 };
  } catch (err) {
    return typeof err?.code === 'number'
      ? { code: err.code }
      : { error: err?.code ?? err?.message ?? String(err) };
  }
}

/** An HTTPS request with a form or JSON body: `{ status, json }`. */
export function httpsRequest(url, { method = 'GET', form, json, token }, ca) {
  return new Promise((done, fail) => {
    const body = form ? new URLSearchParams(form).toString() : json ? JSON.stringify(json) : undefined;
    const headers = {
      ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      ...(json && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    };
    const req = request(url, { method, headers, ca, timeout: 15_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        let parsed = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        done({ status: res.statusCode, json: parsed });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * The TLS ports the server reports in its web app configuration (`/app-config.js`, `mqtt.tlsUrl` and
 * `mqtt.wssUrl`): the ones it really took, which differ from the defaults when those were in use. Empty when
 * it does not say (an older server, an external broker, TLS off, or no answer).
 */
export async function reportedPorts(baseUrl) {
  try {
    const res = await fetch(`${baseUrl}/app-config.js`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return {};
    const body = await res.text();
    const config = JSON.parse(body.slice(body.indexOf('=') + 1, body.lastIndexOf(';')));
    const portOf = (address) => (address ? Number(new URL(address).port) || undefined : undefined);
    return { https: portOf(config.mqtt?.wssUrl), mqttTls: portOf(config.mqtt?.tlsUrl) };
  } catch {
    return {};
  }
}
