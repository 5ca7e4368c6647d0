import { createHash } from 'node:crypto';
import { existsSync, type FSWatcher, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config.ts';
import { ensureLocalCertificates, firstCertificate, namesOf } from './local-ca.ts';

/** A certificate (chain) and its key, PEM. */
export interface ServingCertificate {
  cert: string;
  key: string;
}

/** What the TLS listeners serve; a listener swaps its secure context on each change (no restart). */
export interface CertificateSource {
  current(): ServingCertificate;
  onChange(listener: (next: ServingCertificate) => void): () => void;
  /** The names the current certificate covers and its end, for the start-up lines and the doctor. */
  info(): { names: string[]; notAfter: Date; caFile: string | null };
  close(): void;
}

function changes() {
  const listeners = new Set<(next: ServingCertificate) => void>();
  return {
    onChange(listener: (next: ServingCertificate) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(next: ServingCertificate) {
      for (const l of listeners) l(next);
    },
  };
}

const infoOf = (cert: string, caFile: string | null) => {
  const first = firstCertificate(cert);
  return { names: namesOf(first), notAfter: first.notAfter, caFile };
};

/** How often the generated certificate's end is looked at (it is renewed RENEW_BEFORE_DAYS ahead). */
const RENEW_CHECK_MS = 6 * 3_600_000;

/** The local CA's server certificate, renewed before its end while the server runs. */
export async function generatedSource(opts: {
  dir: string;
  names: string[];
  organization: string;
  logger: FastifyBaseLogger;
  checkEveryMs?: number;
}) {
  const ensure = (now?: Date, validityDays?: number) =>
    ensureLocalCertificates({
      dir: opts.dir,
      names: opts.names,
      organization: opts.organization,
      now,
      validityDays,
    });
  let state = await ensure();
  if (state.issued)
    opts.logger.info({ reason: state.reason, notAfter: state.notAfter }, 'TLS certificate issued');
  const { onChange, emit } = changes();
  /** Issues a new certificate when the stored one nears its end (`now`: the tests' clock). */
  async function renew(now?: Date, validityDays?: number): Promise<boolean> {
    const next = await ensure(now, validityDays);
    if (!next.issued) return false;
    state = next;
    opts.logger.info({ reason: next.reason, notAfter: next.notAfter }, 'TLS certificate renewed');
    emit({ cert: next.certPem, key: next.keyPem });
    return true;
  }
  const timer = setInterval(() => {
    void renew().catch((err: unknown) => opts.logger.error({ err }, 'TLS certificate not renewed'));
  }, opts.checkEveryMs ?? RENEW_CHECK_MS);
  timer.unref();
  return {
    current: () => ({ cert: state.certPem, key: state.keyPem }),
    onChange,
    info: () => infoOf(state.certPem, state.caFile),
    caPem: () => state.caPem,
    renew,
    close: () => clearInterval(timer),
  } satisfies CertificateSource & Record<string, unknown>;
}

/**
 * Pairs of file names certificate managers write, looked for in TLS_CERT_DIR in this order: Kubernetes
 * cert-manager secrets, certbot's `live/<name>/`, and the common plain names.
 */
export const DIRECTORY_PAIRS: [cert: string, key: string][] = [
  ['tls.crt', 'tls.key'],
  ['fullchain.pem', 'privkey.pem'],
  ['cert.pem', 'key.pem'],
];

function locateInDirectory(dir: string): { certFile: string; keyFile: string } {
  for (const [cert, key] of DIRECTORY_PAIRS) {
    const certFile = path.join(dir, cert);
    const keyFile = path.join(dir, key);
    if (existsSync(certFile) && existsSync(keyFile)) return { certFile, keyFile };
  }
  throw new Error(`no ${DIRECTORY_PAIRS.map(([c, k]) => `${c} + ${k}`).join(', ')} in ${dir}`);
}

/** Reads a pair and proves it usable (parsable, key matching the certificate) before anything serves it. */
function readPair(files: { certFile: string; keyFile: string }): ServingCertificate {
  const next = { cert: readFileSync(files.certFile, 'utf8'), key: readFileSync(files.keyFile, 'utf8') };
  createSecureContext(next);
  firstCertificate(next.cert);
  return next;
}

/** Events come in bursts while a manager writes several files: one reload after the last. */
const DEBOUNCE_MS = 300;
/** Some file systems (network, some container mounts) send no events: look anyway this often. */
const POLL_MS = 60_000;

/**
 * The operator's certificate: two files (`TLS_CERT_FILE`, `TLS_KEY_FILE`, or the MQTT listener's own), or the
 * pair found in a directory a certificate manager renews. Watched (their directories, since managers replace
 * files by renaming or by swapping a symlink) and polled; a new pair is served once it reads and matches, a
 * broken one is logged and the previous pair kept.
 */
export function operatorSource(opts: {
  origin: { certFile: string; keyFile: string } | { dir: string };
  /** The settings named in errors, e.g. `TLS_CERT_FILE / TLS_KEY_FILE`. */
  variables: string;
  logger: FastifyBaseLogger;
  debounceMs?: number;
  pollMs?: number;
}): CertificateSource {
  const origin = opts.origin;
  const locate = () => ('dir' in origin ? locateInDirectory(origin.dir) : origin);
  let state: ServingCertificate;
  try {
    state = readPair(locate());
  } catch (err) {
    throw new ConfigError([`${opts.variables}: ${(err as Error).message}`]);
  }
  const digest = (c: ServingCertificate) =>
    createHash('sha256').update(c.cert).update('\0').update(c.key).digest('hex');
  let seen = digest(state);
  const { onChange, emit } = changes();
  function reload() {
    let next: ServingCertificate;
    try {
      next = readPair(locate());
    } catch (err) {
      // Often a manager half-way through writing: the next event or poll reads the finished pair.
      opts.logger.warn({ err: (err as Error).message }, `TLS certificate of ${opts.variables} not reloaded`);
      return;
    }
    const d = digest(next);
    if (d === seen) return;
    seen = d;
    state = next;
    opts.logger.info(
      { notAfter: firstCertificate(next.cert).notAfter },
      `TLS certificate of ${opts.variables} reloaded`,
    );
    emit(next);
  }
  let pending: NodeJS.Timeout | null = null;
  const soon = () => {
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => {
      pending = null;
      reload();
    }, opts.debounceMs ?? DEBOUNCE_MS);
    pending.unref();
  };
  const dirs =
    'dir' in origin
      ? [origin.dir]
      : [...new Set([path.dirname(origin.certFile), path.dirname(origin.keyFile)])];
  const watchers: FSWatcher[] = [];
  for (const dir of dirs) {
    try {
      const w = watch(dir, soon);
      w.on('error', (err) => opts.logger.warn({ err, dir }, 'TLS certificate directory no longer watched'));
      watchers.push(w);
    } catch (err) {
      opts.logger.warn({ err, dir }, 'TLS certificate directory not watched; polled only');
    }
  }
  const poll = setInterval(reload, opts.pollMs ?? POLL_MS);
  poll.unref();
  return {
    current: () => state,
    onChange,
    info: () => infoOf(state.cert, null),
    close() {
      clearInterval(poll);
      if (pending) clearTimeout(pending);
      for (const w of watchers) w.close();
    },
  };
}
