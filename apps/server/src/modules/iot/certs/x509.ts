import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import {
  bitString,
  bool,
  children,
  DerError,
  type DerItem,
  explicit,
  fromPem,
  integerBytes,
  namedBits,
  octetString,
  oid,
  oidText,
  readWhole,
  sequence,
  set,
  smallInteger,
  TAG,
  time,
  unsignedInteger,
  utf8String,
} from './der.ts';

/**
 * Certificate requests (PKCS #10, RFC 2986) read and checked, and X.509 v3 certificates (RFC 5280) built and
 * signed: ECDSA P-256 with SHA-256 throughout, as the secure elements of Arduino boards use.
 */

const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  prime256v1: '1.2.840.10045.3.1.7',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organizationName: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  clientAuth: '1.3.6.1.5.5.7.3.2',
} as const;

export class CsrError extends Error {}

export interface ParsedCsr {
  /** The SubjectPublicKeyInfo as the request carries it. */
  spki: Buffer;
  publicKey: KeyObject;
}

const ECDSA_SHA256 = sequence(oid(OID.ecdsaWithSha256));

/**
 * Reads a PEM certificate request and checks it: a P-256 key and a valid ECDSA-SHA256 signature by that key
 * (proof that the requester holds it). Upstream's own example labels its request `CERTIFICATE`; that label is
 * accepted too.
 */
export function parseCsr(text: string): ParsedCsr {
  const der = fromPem(text, ['CERTIFICATE REQUEST', 'NEW CERTIFICATE REQUEST', 'CERTIFICATE']);
  if (!der) throw new CsrError('The csr is not a PEM certificate request.');
  try {
    const [info, algorithm, signature] = children(readWhole(der));
    if (!info || !algorithm || !signature || info.tag !== TAG.SEQUENCE)
      throw new CsrError('The csr is not a certificate request.');
    const [version, _subject, spkiItem] = children(info);
    if (!version || version.tag !== TAG.INTEGER || !spkiItem || spkiItem.tag !== TAG.SEQUENCE)
      throw new CsrError('The csr is not a certificate request.');
    const [keyAlgorithm] = children(spkiItem);
    const [keyType, curve] = keyAlgorithm ? children(keyAlgorithm) : [];
    if (!keyType || oidText(keyType) !== OID.ecPublicKey || !curve || oidText(curve) !== OID.prime256v1)
      throw new CsrError('The csr must carry an ECDSA P-256 key.');
    const [sigAlgorithm] = children(algorithm);
    if (!sigAlgorithm || oidText(sigAlgorithm) !== OID.ecdsaWithSha256)
      throw new CsrError('The csr must be signed with ECDSA and SHA-256.');
    const publicKey = createPublicKey({ key: spkiItem.raw, format: 'der', type: 'spki' });
    if (signature.tag !== TAG.BIT_STRING || signature.content[0] !== 0)
      throw new CsrError('The csr signature is malformed.');
    if (!verify('sha256', info.raw, publicKey, signature.content.subarray(1)))
      throw new CsrError('The csr signature does not match its key.');
    return { spki: Buffer.from(spkiItem.raw), publicKey };
  } catch (err) {
    if (err instanceof CsrError) throw err;
    if (err instanceof DerError || err instanceof Error) throw new CsrError('The csr is malformed.');
    throw err;
  }
}

/** A distinguished name of an organisation (optional) and a common name. */
export function distinguishedName(commonName: string, organization?: string): Buffer {
  const rdn = (type: string, value: string) => set(sequence(oid(type), utf8String(value)));
  return sequence(
    ...(organization ? [rdn(OID.organizationName, organization)] : []),
    rdn(OID.commonName, commonName),
  );
}

/** RFC 5280 4.2.1.2 method 1: SHA-1 of the public key bits. */
export function keyIdentifier(spki: Buffer): Buffer {
  const [, bits] = children(readWhole(spki));
  if (!bits || bits.tag !== TAG.BIT_STRING) throw new DerError('not a SubjectPublicKeyInfo');
  return createHash('sha1').update(bits.content.subarray(1)).digest();
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [bool(true)] : []), octetString(value));
}

export interface CertificateSpec {
  serial: Buffer;
  issuer: Buffer;
  subject: Buffer;
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

/** A v3 certificate: a CA (key and certificate signing) or a TLS client (digital signature, clientAuth). */
export function buildCertificate(spec: CertificateSpec): SignedCertificate {
  const extensions = [
    extension(OID.basicConstraints, true, sequence(...(spec.ca ? [bool(true)] : []))),
    extension(OID.keyUsage, true, spec.ca ? namedBits([5, 6]) : namedBits([0])),
    extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(spec.spki))),
    extension(OID.authorityKeyIdentifier, false, sequence(tlvImplicit0(spec.authorityKeyId))),
    ...(spec.ca ? [] : [extension(OID.extKeyUsage, false, sequence(oid(OID.clientAuth)))]),
  ];
  const tbs = sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(spec.serial),
    ECDSA_SHA256,
    spec.issuer,
    sequence(time(spec.notBefore), time(spec.notAfter)),
    spec.subject,
    spec.spki,
    explicit(3, sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, spec.signer);
  const [r, s] = children(readWhole(signature)) as [DerItem, DerItem];
  return {
    der: sequence(tbs, ECDSA_SHA256, bitString(signature)),
    signatureR: integerBytes(r, 32),
    signatureS: integerBytes(s, 32),
  };
}

/** `[0] IMPLICIT OCTET STRING`: the keyIdentifier of AuthorityKeyIdentifier. */
function tlvImplicit0(bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x80, bytes.length]), bytes]);
}
