import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** arduino-iot-js dials `wss://wss.{host}:8443/mqtt` unless told another port: the HTTPS listener's default. */
export const DEFAULT_HTTPS_PORT = 8443;

const port = z.coerce.number().int().min(0).max(65535);
const hostName = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The TLS variables, spread into the server's one schema (src/config.ts). */
export const tlsEnvSchema = {
  // `off`: no HTTPS listener and no MQTT over TLS (unless MQTT_TLS_CERT_FILE), e.g. behind a TLS proxy.
  TLS: z.enum(['on', 'off']).default('on'),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  TLS_CERT_DIR: z.string().min(1).optional(),
  TLS_HOSTS: z
    .string()
    .toLowerCase()
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.length <= 20 && hosts.every((h) => isIP(h) !== 0 || hostName.test(h)), {
      message: 'up to 20 comma-separated host names or IP addresses',
    })
    .optional(),
  HTTPS_PORT: port.optional(),
};

type TlsEnv = { [K in keyof typeof tlsEnvSchema]?: z.infer<(typeof tlsEnvSchema)[K]> };

/** Where the certificate of the HTTPS and MQTT TLS listeners comes from. */
export type CertificateOrigin =
  /** A local certificate authority and a server certificate made and renewed by the server in `dir`. */
  | { kind: 'generated'; dir: string; extraHosts: string[] }
  /** The operator's PEM files, reloaded when they change. */
  | { kind: 'files'; certFile: string; keyFile: string }
  /** A directory a certificate manager keeps up to date (cert-manager, certbot, Caddy, …). */
  | { kind: 'directory'; dir: string };

export type TlsConfig =
  | { enabled: false }
  | {
      enabled: true;
      certificate: CertificateOrigin;
      /** HTTPS (and WSS at /mqtt) beside the plain HTTP listener; 0: any free port. */
      httpsPort: number;
      /** False when HTTPS_PORT was left unset: a taken default then falls back to the next free port. */
      httpsPortExplicit: boolean;
    };

/** Problems that span several variables, listed with the others by loadConfig. */
export function tlsProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const cert = env.TLS_CERT_FILE !== undefined;
  const key = env.TLS_KEY_FILE !== undefined;
  if (cert !== key) problems.push('TLS_CERT_FILE and TLS_KEY_FILE: set both or neither');
  if (cert && env.TLS_CERT_DIR !== undefined) {
    problems.push('TLS_CERT_DIR: set either it or TLS_CERT_FILE and TLS_KEY_FILE, not both');
  }
  if (env.TLS_HOSTS !== undefined && (cert || env.TLS_CERT_DIR !== undefined)) {
    problems.push('TLS_HOSTS: only used for the generated certificate (no TLS_CERT_FILE or TLS_CERT_DIR)');
  }
  if (env.TLS === 'off') {
    for (const name of ['TLS_CERT_FILE', 'TLS_KEY_FILE', 'TLS_CERT_DIR', 'TLS_HOSTS', 'HTTPS_PORT']) {
      if (env[name] !== undefined) problems.push(`${name}: has no effect with TLS=off`);
    }
  }
  return problems;
}

export function tlsConfig(e: TlsEnv, dataDir: string): TlsConfig {
  if (e.TLS === 'off') return { enabled: false };
  const certificate: CertificateOrigin =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE
      ? { kind: 'files', certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE }
      : e.TLS_CERT_DIR
        ? { kind: 'directory', dir: e.TLS_CERT_DIR }
        : { kind: 'generated', dir: path.join(dataDir, 'tls'), extraHosts: e.TLS_HOSTS ?? [] };
  return {
    enabled: true,
    certificate,
    httpsPort: e.HTTPS_PORT ?? DEFAULT_HTTPS_PORT,
    httpsPortExplicit: e.HTTPS_PORT !== undefined,
  };
}
