import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { operatorSource, type ServingCertificate } from './certificate-source.ts';
import { ensureLocalCertificates } from './local-ca.ts';

const logger = pino({ level: 'silent' });
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function pair(dir: string, name: string): Promise<ServingCertificate> {
  const made = await ensureLocalCertificates({
    dir: path.join(dir, `ca-${name}`),
    names: [name],
    organization: name,
  });
  return { cert: made.certPem, key: made.keyPem };
}

describe('a certificate manager directory (TLS_CERT_DIR)', () => {
  it('serves the pair it finds and follows a Kubernetes-style swap of the ..data symlink', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tc-cert-dir-'));
    dirs.push(root);
    const [one, two] = [await pair(root, 'one.example.org'), await pair(root, 'two.example.org')];
    // The layout of a mounted secret: versioned directories, `..data` pointing at the current one, and the
    // visible names linking through it.
    const mount = path.join(root, 'mount');
    mkdirSync(mount);
    for (const [version, p] of [
      ['v1', one],
      ['v2', two],
    ] as const) {
      mkdirSync(path.join(mount, version));
      writeFileSync(path.join(mount, version, 'tls.crt'), p.cert);
      writeFileSync(path.join(mount, version, 'tls.key'), p.key);
    }
    symlinkSync('v1', path.join(mount, '..data'));
    symlinkSync('..data/tls.crt', path.join(mount, 'tls.crt'));
    symlinkSync('..data/tls.key', path.join(mount, 'tls.key'));

    const source = operatorSource({
      origin: { dir: mount },
      variables: 'TLS_CERT_DIR',
      logger,
      debounceMs: 50,
    });
    try {
      expect(source.current()).toEqual(one);
      expect(source.info().names).toEqual(['one.example.org']);
      const changed = new Promise<ServingCertificate>((resolve) => source.onChange(resolve));
      symlinkSync('v2', path.join(mount, '..data_tmp'));
      renameSync(path.join(mount, '..data_tmp'), path.join(mount, '..data'));
      expect(await changed).toEqual(two);
      expect(source.info().names).toEqual(['two.example.org']);
    } finally {
      source.close();
    }
  });

  it('finds certbot names too, and says what it looked for when nothing is there', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tc-cert-dir-'));
    dirs.push(root);
    const p = await pair(root, 'le.example.org');
    const live = path.join(root, 'live');
    mkdirSync(live);
    expect(() => operatorSource({ origin: { dir: live }, variables: 'TLS_CERT_DIR', logger })).toThrow(
      ConfigError,
    );
    writeFileSync(path.join(live, 'fullchain.pem'), p.cert);
    writeFileSync(path.join(live, 'privkey.pem'), p.key);
    const source = operatorSource({ origin: { dir: live }, variables: 'TLS_CERT_DIR', logger });
    expect(source.current()).toEqual(p);
    source.close();
  });
});
