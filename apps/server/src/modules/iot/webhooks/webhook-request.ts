import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { internalAddressKind } from './address-classifier.ts';

/** Every address a name resolves to (injected by tests to map a name without DNS). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface WebhookRequestOptions {
  /** WEBHOOK_ALLOW_PRIVATE: internal addresses may be reached (the operator's own receivers). */
  allowPrivate: boolean;
  resolve: Resolver;
  /** For the whole attempt, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  /** What kind of internal address this is, or null (tests stand a local receiver in for a public host). */
  classify?: (address: string) => string | null;
}

export type WebhookResult =
  | { ok: true; httpStatus: number }
  /** `refused`: the address may not be reached; trying again would not help. */
  | { ok: false; httpStatus?: number; error: string; refused?: boolean };

class Refused extends Error {}

/** Said with every refused internal address: the one setting that allows it (the operator's, not the user's). */
export const ALLOW_PRIVATE_HINT =
  ' (allowed only when the server runs with WEBHOOK_ALLOW_PRIVATE=true, for receivers on its own network)';

/**
 * The one address a request to `hostname` connects to: every address the name resolves to is checked (one
 * internal address refuses the name), and the connection goes to the checked address while the Host header
 * and TLS server name stay the name's, so a DNS answer changing between check and connect cannot bypass it.
 */
async function checkedAddress(hostname: string, opts: WebhookRequestOptions) {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal }] : await opts.resolve(bare);
  const first = addresses[0];
  if (!first) throw new Error(`${bare} does not resolve`);
  if (!opts.allowPrivate) {
    for (const a of addresses) {
      const kind = (opts.classify ?? internalAddressKind)(a.address);
      if (!kind) continue;
      const address = literal ? bare : `${bare} is ${a.address}, and that`;
      throw new Refused(`refused: ${address} is a ${kind} address${ALLOW_PRIVATE_HINT}`);
    }
  }
  return first;
}

function postOnce(
  url: URL,
  target: { address: string; family: number },
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<{ status: number; location?: string }> {
  // Node asks for every address (`all`) when it may try several; either way it gets only the checked one.
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        // No pooled sockets: each request connects to the address checked for it.
        agent: false,
        lookup,
        signal,
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
      },
      (res) => {
        // The answer's body is not kept; reading it lets the socket close.
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * POSTs a webhook document, refusing internal addresses after resolution and on every redirect (at most
 * `maxRedirects`, each POSTed again with the same body and headers). A 2xx answer is a delivery.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: WebhookRequestOptions,
): Promise<WebhookResult> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let current = new URL(url);
  const maxRedirects = opts.maxRedirects ?? 3;
  try {
    for (let redirects = 0; ; redirects++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        return { ok: false, error: `refused: ${current.protocol} is not http or https`, refused: true };
      }
      const target = await checkedAddress(current.hostname, opts);
      signal.throwIfAborted();
      const res = await postOnce(current, target, body, headers, signal);
      if (res.status >= 200 && res.status < 300) return { ok: true, httpStatus: res.status };
      if (res.status >= 300 && res.status < 400 && res.location) {
        if (redirects >= maxRedirects) {
          return { ok: false, httpStatus: res.status, error: `more than ${maxRedirects} redirects` };
        }
        current = new URL(res.location, current);
        continue;
      }
      return { ok: false, httpStatus: res.status, error: `answered HTTP ${res.status}` };
    }
  } catch (err) {
    if (err instanceof Refused) return { ok: false, error: err.message, refused: true };
    if (signal.aborted) return { ok: false, error: `no answer within ${opts.timeoutMs / 1000} s` };
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
