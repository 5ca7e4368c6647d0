import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeCsr } from './testing/csr.ts';
import { buildCertificate, CsrError, distinguishedName, keyIdentifier, parseCsr, pem } from './x509.ts';

const DEVICE = '0c6a4b2e-1111-4000-8000-000000000001';

async function ca() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const name = distinguishedName('Device CA', 'Test');
  const cert = await buildCertificate({
    serial: Buffer.from('4001020304050607', 'hex'),
    issuer: name,
    subject: name,
    notBefore: new Date('2026-01-01T00:00:00Z'),
    notAfter: new Date('2057-01-01T00:00:00Z'),
    spki,
    authorityKeyId: await keyIdentifier(spki),
    ca: true,
    signer: privateKey,
  });
  return { privateKey, spki, name, cert: new X509Certificate(cert.der), der: cert.der };
}

async function deviceCert(authority: Awaited<ReturnType<typeof ca>>) {
  const csr = await parseCsr((await makeCsr('ignored')).pem);
  const signed = await buildCertificate({
    serial: Buffer.from('41aabbccddeeff00112233445566778899'.slice(0, 32), 'hex'),
    issuer: authority.name,
    subject: distinguishedName(DEVICE, 'Test'),
    notBefore: new Date('2026-11-25T15:00:00Z'),
    notAfter: new Date('2057-11-25T15:00:00Z'),
    spki: csr.spki,
    authorityKeyId: await keyIdentifier(authority.spki),
    ca: false,
    signer: authority.privateKey,
  });
  return signed;
}

function hasOpenssl() {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('certificate requests', () => {
  it('reads a P-256 request and its key', async () => {
    const { pem: text, privateKey } = await makeCsr();
    const csr = await parseCsr(text);
    expect(csr.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(csr.spki.equals(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }))).toBe(true);
  });

  it('refuses a tampered signature, garbage, and other labels', async () => {
    const { der } = await makeCsr();
    const tampered = Buffer.from(der);
    tampered[20] = (tampered[20] as number) ^ 0x01;
    await expect(parseCsr(pem('CERTIFICATE REQUEST', tampered))).rejects.toThrow(CsrError);
    await expect(parseCsr(pem('CERTIFICATE REQUEST', Buffer.from('not der at all')))).rejects.toThrow(
      CsrError,
    );
    const privateKeyLabel = pem('CERTIFICATE', der).replaceAll('CERTIFICATE', 'PRIVATE KEY');
    await expect(parseCsr(privateKeyLabel)).rejects.toThrow(CsrError);
    await expect(parseCsr('hello')).rejects.toThrow(CsrError);
  });
});

describe('certificates', () => {
  it('signs a device certificate that node reads as issued by the CA', async () => {
    const authority = await ca();
    expect(authority.cert.ca).toBe(true);
    expect(authority.cert.verify(authority.cert.publicKey)).toBe(true);
    const signed = await deviceCert(authority);
    const cert = new X509Certificate(signed.der);
    expect(cert.subject).toContain(`CN=${DEVICE}`);
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(authority.cert)).toBe(true);
    expect(cert.verify(authority.cert.publicKey)).toBe(true);
    expect(cert.validTo).toContain('2057');
    expect(signed.signatureR).toHaveLength(32);
    expect(signed.signatureS).toHaveLength(32);
  });

  it.skipIf(!hasOpenssl())('is read and verified by openssl', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x509-'));
    try {
      const authority = await ca();
      writeFileSync(join(dir, 'ca.pem'), pem('CERTIFICATE', authority.der));
      writeFileSync(join(dir, 'dev.pem'), pem('CERTIFICATE', (await deviceCert(authority)).der));
      const text = execFileSync('openssl', ['x509', '-in', join(dir, 'dev.pem'), '-noout', '-text'], {
        encoding: 'utf8',
      });
      expect(text).toContain(`CN = ${DEVICE}`);
      expect(text).toContain('ecdsa-with-SHA256');
      expect(text).toContain('TLS Web Client Authentication');
      expect(text).toMatch(/CA:FALSE/);
      const verified = execFileSync(
        'openssl',
        ['verify', '-CAfile', join(dir, 'ca.pem'), '-purpose', 'sslclient', join(dir, 'dev.pem')],
        { encoding: 'utf8' },
      );
      expect(verified).toContain('OK');
      // And a request openssl made is read by ours.
      execFileSync('openssl', [
        'ecparam',
        '-name',
        'prime256v1',
        '-genkey',
        '-noout',
        '-out',
        join(dir, 'k.pem'),
      ]);
      const req = execFileSync(
        'openssl',
        ['req', '-new', '-key', join(dir, 'k.pem'), '-subj', '/CN=board', '-sha256'],
        { encoding: 'utf8' },
      );
      expect((await parseCsr(req)).publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
      // An RSA request is refused.
      const rsa = execFileSync(
        'openssl',
        ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'r.pem'), '-subj', '/CN=x'],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
      await expect(parseCsr(rsa)).rejects.toThrow(/P-256/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
