import { createPublicKey, type KeyObject, webcrypto } from 'node:crypto';
import { x509 } from './x509-library.ts';

/**
 * Certificate requests (PKCS #10) read and checked, and X.509 v3 certificates built and signed, through
 * @peculiar/x509 on Node's WebCrypto: ECDSA P-256 with SHA-256 throughout, as the secure elements of Arduino
 * boards use. Only what the library does not know is here: which requests we accept, and the fields of
 * Arduino's compressed certificate (the signature's r and s).
 */

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** Upstream's own example labels its request `CERTIFICATE`; that label is accepted too. */
const CSR_LABELS = new Set(['CERTIFICATE REQUEST', 'NEW CERTIFICATE REQUEST', 'CERTIFICATE']);
const OID_CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';

export class CsrError extends Error {}

/** A copy in a plain ArrayBuffer: the library's BufferSource type refuses a Buffer that may share memory. */
function bytes(buffer: Buffer): ArrayBuffer {
  return Uint8Array.from(buffer).buffer;
}

interface ParsedCsr {
  /** The SubjectPublicKeyInfo as the request carries it. */
  spki: Buffer;
  publicKey: KeyObject;
}

function requestDer(text: string): ArrayBuffer {
  let blocks: ReturnType<typeof x509.PemConverter.decodeWithHeaders>;
  try {
    blocks = x509.PemConverter.decodeWithHeaders(text);
  } catch {
    throw new CsrError('The csr is not a PEM certificate request.');
  }
  const block = blocks.find((b) => CSR_LABELS.has(b.type));
  if (!block) throw new CsrError('The csr is not a PEM certificate request.');
  return block.rawData;
}

/** Reads a PEM certificate request and checks it: a P-256 key, signed with ECDSA-SHA256 by that key. */
export async function parseCsr(text: string): Promise<ParsedCsr> {
  const der = requestDer(text);
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(der);
  } catch {
    throw new CsrError('The csr is malformed.');
  }
  const key = csr.publicKey.algorithm as webcrypto.EcKeyAlgorithm;
  if (key.name !== ECDSA_P256.name || key.namedCurve !== ECDSA_P256.namedCurve)
    throw new CsrError('The csr must carry an ECDSA P-256 key.');
  const signedWith = csr.signatureAlgorithm as webcrypto.EcdsaParams & { hash: webcrypto.Algorithm };
  if (signedWith.name !== ECDSA_SHA256.name || signedWith.hash?.name !== ECDSA_SHA256.hash)
    throw new CsrError('The csr must be signed with ECDSA and SHA-256.');
  let valid = false;
  try {
    valid = await csr.verify();
  } catch {
    throw new CsrError('The csr signature is malformed.');
  }
  if (!valid) throw new CsrError('The csr signature does not match its key.');
  const spki = Buffer.from(csr.publicKey.rawData);
  return { spki, publicKey: createPublicKey({ key: spki, format: 'der', type: 'spki' }) };
}

/** A distinguished name of an organisation (optional) and a common name, in that order. */
export function distinguishedName(commonName: string, organization?: string): x509.JsonName {
  return [...(organization ? [{ O: [organization] }] : []), { CN: [commonName] }];
}

/** RFC 5280 4.2.1.2 method 1 (SHA-1 of the public key bits), as the library computes it. */
export async function keyIdentifier(spki: Buffer): Promise<Buffer> {
  const key = new x509.PublicKey(bytes(spki));
  const extension = await x509.SubjectKeyIdentifierExtension.create(key);
  return Buffer.from(extension.keyId, 'hex');
}

interface CertificateSpec {
  serial: Buffer;
  /** A name to encode, or one read from a certificate (kept byte for byte, so chains match exactly). */
  issuer: x509.JsonName | x509.Name;
  subject: x509.JsonName | x509.Name;
  notBefore: Date;
  notAfter: Date;
  spki: Buffer;
  /** The issuer's key identifier; for a self-signed CA its own. */
  authorityKeyId: Buffer;
  ca: boolean;
  signer: KeyObject;
}

export interface SignedCertificate {
  der: Buffer;
  /** The signature's r and s, 32 bytes each (the compressed form of Arduino certificates). */
  signatureR: Buffer;
  signatureS: Buffer;
}

async function signingKey(key: KeyObject): Promise<webcrypto.CryptoKey> {
  const pkcs8 = key.export({ format: 'der', type: 'pkcs8' });
  return webcrypto.subtle.importKey('pkcs8', pkcs8, ECDSA_P256, false, [
    'sign',
  ]) as Promise<webcrypto.CryptoKey>;
}

/** A v3 certificate: a CA (key and certificate signing) or a TLS client (digital signature, clientAuth). */
export async function buildCertificate(spec: CertificateSpec): Promise<SignedCertificate> {
  const publicKey = new x509.PublicKey(bytes(spec.spki));
  const usage = spec.ca
    ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
    : x509.KeyUsageFlags.digitalSignature;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: spec.serial.toString('hex'),
    issuer: spec.issuer,
    subject: spec.subject,
    notBefore: spec.notBefore,
    notAfter: spec.notAfter,
    signingAlgorithm: ECDSA_SHA256,
    publicKey,
    signingKey: await signingKey(spec.signer),
    extensions: [
      new x509.BasicConstraintsExtension(spec.ca, undefined, true),
      new x509.KeyUsagesExtension(usage, true),
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
      new x509.AuthorityKeyIdentifierExtension(spec.authorityKeyId.toString('hex')),
      ...(spec.ca ? [] : [new x509.ExtendedKeyUsageExtension([OID_CLIENT_AUTH])]),
    ],
  });
  // The certificate holds the signature as DER (r, s); the compressed form wants them as 32 bytes each.
  const raw = new x509.AsnEcSignatureFormatter().toWebSignature(
    { name: 'ECDSA', namedCurve: 'P-256' } as webcrypto.Algorithm,
    cert.signature,
  );
  if (raw?.byteLength !== 64) throw new Error('unexpected ECDSA signature');
  const rs = Buffer.from(raw);
  return { der: Buffer.from(cert.rawData), signatureR: rs.subarray(0, 32), signatureS: rs.subarray(32) };
}

/** The subject of a PEM certificate, as its bytes say it. */
export function subjectOf(certificatePem: string): x509.Name {
  return new x509.X509Certificate(certificatePem).subjectName;
}

/** PEM text of DER bytes. */
export function pem(label: 'CERTIFICATE' | 'CERTIFICATE REQUEST', der: Buffer): string {
  return x509.PemConverter.encode(bytes(der), label);
}
