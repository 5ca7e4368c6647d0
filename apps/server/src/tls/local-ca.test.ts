import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedSource } from './certificate-source.ts';
import {
  ensureLocalCertificates,
  LocalCaError,
  RENEW_BEFORE_DAYS,
  SERVER_VALIDITY_DAYS,
} from './local-ca.ts';
import { certificateNames } from './names.ts';

const DAY = 86_400_000;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tc-local-ca-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const names = certificateNames({
  publicUrl: 'https://iot.example.org:8443',
  bindHosts: ['0.0.0.0'],
  extraHosts: [],
});
const leaf = (pem: string) => new X509Certificate(pem);

describe('the local CA', () => {
  it('covers the host, the names arduino-iot-js derives from it, localhost and the loopback addresses', () => {
    expect(names).toEqual([
      'iot.example.org',
      'mqtts-up.iot.example.org',
      'wss.iot.example.org',
      'localhost',
      'mqtts-up.localhost',
      'wss.localhost',
      '127.0.0.1',
      '::1',
    ]);
    // A specific bind address and TLS_HOSTS are covered too; an address gets no derived names.
    expect(
      certificateNames({
        publicUrl: 'http://localhost:8080',
        bindHosts: ['192.168.1.5'],
        extraHosts: ['pi.lan'],
      }),
    ).toEqual(expect.arrayContaining(['192.168.1.5', 'pi.lan', 'mqtts-up.pi.lan', 'wss.pi.lan']));
  });

  it('issues a server certificate that chains to the CA and is valid for every name', async () => {
    const dir = freshDir();
    const made = await ensureLocalCertificates({ dir, names, organization: 'Tinkercloud' });
    expect(made.issued).toBe(true);
    const ca = leaf(made.caPem);
    const server = leaf(made.certPem);
    expect(ca.ca).toBe(true);
    expect(server.ca).toBe(false);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.verify(ca.publicKey)).toBe(true);
    for (const name of names.filter((n) => !n.includes(':') && !/^\d/.test(n))) {
      expect(server.checkHost(name, { subject: 'never' }), name).toBe(name);
    }
    expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(server.checkIP('::1')).toBe('::1');
    expect(server.checkHost('other.example.org')).toBeUndefined();
    expect(server.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(made.caFile).toBe(path.join(dir, 'ca.pem'));
    // The chain file holds the CA after the server certificate.
    expect(made.certPem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
  });

  it('keeps what it made, re-issues for new names or near the end, and never replaces the CA', async () => {
    const dir = freshDir();
    const now = new Date('2030-01-01T00:00:00Z');
    const first = await ensureLocalCertificates({ dir, names, organization: 'T', now });
    const again = await ensureLocalCertificates({ dir, names, organization: 'T', now });
    expect(again.issued).toBe(false);
    expect(again.certPem).toBe(first.certPem);

    const renamed = await ensureLocalCertificates({
      dir,
      names: [...names, 'pi.lan'],
      organization: 'T',
      now,
    });
    expect(renamed).toMatchObject({ issued: true, reason: 'names changed', caPem: first.caPem });
    expect(leaf(renamed.certPem).checkHost('pi.lan')).toBe('pi.lan');

    // A day before the renewal window: kept; inside it: a new certificate from the same CA.
    const before = new Date(now.getTime() + (SERVER_VALIDITY_DAYS - RENEW_BEFORE_DAYS - 1) * DAY);
    expect((await ensureLocalCertificates({ dir, names, organization: 'T', now: before })).issued).toBe(
      false,
    );
    const inside = new Date(now.getTime() + (SERVER_VALIDITY_DAYS - RENEW_BEFORE_DAYS + 1) * DAY);
    const renewed = await ensureLocalCertificates({ dir, names, organization: 'T', now: inside });
    expect(renewed).toMatchObject({ issued: true, reason: 'near its end', caPem: first.caPem });
    expect(renewed.notAfter.getTime()).toBeGreaterThan(first.notAfter.getTime());
    expect(leaf(renewed.certPem).verify(leaf(first.caPem).publicKey)).toBe(true);

    writeFileSync(path.join(dir, 'ca-key.pem'), 'garbage');
    await expect(ensureLocalCertificates({ dir, names, organization: 'T' })).rejects.toBeInstanceOf(
      LocalCaError,
    );
  });

  it('renews while running and tells the listeners', async () => {
    const dir = freshDir();
    const source = await generatedSource({
      dir,
      names,
      organization: 'T',
      logger: pino({ level: 'silent' }),
    });
    try {
      const seen: string[] = [];
      source.onChange((next) => seen.push(next.cert));
      expect(await source.renew()).toBe(false);
      const soon = new Date(Date.now() + (SERVER_VALIDITY_DAYS - RENEW_BEFORE_DAYS + 1) * DAY);
      expect(await source.renew(soon)).toBe(true);
      expect(seen).toEqual([source.current().cert]);
      expect(source.info().notAfter.getTime()).toBeGreaterThan(soon.getTime());
    } finally {
      source.close();
    }
  });
});

describe('two processes sharing DATA_DIR', () => {
  it('make one CA between them when they start at once', async () => {
    const dir = freshDir();
    const [a, b] = await Promise.all([
      ensureLocalCertificates({ dir, names, organization: 'T' }),
      ensureLocalCertificates({ dir, names, organization: 'T' }),
    ]);
    expect(a.caPem).toBe(b.caPem);
    expect(leaf(a.certPem).verify(leaf(b.caPem).publicKey)).toBe(true);
    expect(leaf(b.certPem).verify(leaf(a.caPem).publicKey)).toBe(true);
    // Each holds a certificate with its own key (a TLS context refuses a mismatched pair).
    for (const made of [a, b])
      expect(() => createSecureContext({ cert: made.certPem, key: made.keyPem })).not.toThrow();
  });
});
