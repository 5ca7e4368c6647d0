import pino from 'pino';
import type { Config } from './config.ts';

/**
 * Query parameters whose values are secrets, in any URL a request can carry: e-mail verification and password
 * reset links (`token`), signed OTA download links (`s`; `sig` and `signature` as other signed links name it),
 * OAuth authorization codes in the app's sign-in callback and join codes (`code`), one-use plan renewal links
 * (`renewal_id`), and the OAuth parameters a client may put in a URL. Logs are read by more people, and kept
 * longer, than these secrets may be.
 */
const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'token',
  's',
  'sig',
  'signature',
  'code',
  'renewal_id',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'client_secret',
  'password',
]);

export const REDACTED = '[redacted]';

const paramName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/** The URL with the value of every secret query parameter replaced; path and other parameters stay readable. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      return SECRET_QUERY_PARAMS.has(paramName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's request fields, with the URL's secrets redacted; no headers (they carry tokens and cookies). */
function requestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Credentials that may sit in headers or objects someone logs; never written out. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.password',
  '*.token',
];

/**
 * Structured JSON logs; request logs come from Fastify through the same instance (its own `req` serializer is
 * replaced by ours). `destination` defaults to standard output; tests pass a stream to read the lines.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream) {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { req: requestSerializer },
    },
    destination,
  );
}
