import { type KeyObject, KeyObject as NodeKeyObject, webcrypto } from 'node:crypto';
import { x509 } from '../x509-library.ts';

const ECDSA_P256_SHA256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A PKCS #10 request for a fresh P-256 key, as a board's secure element would make (tests only). */
export async function makeCsr(
  commonName = 'device',
): Promise<{ pem: string; privateKey: KeyObject; der: Buffer }> {
  const keys = (await webcrypto.subtle.generateKey(ECDSA_P256_SHA256, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [commonName] }],
    keys,
    signingAlgorithm: ECDSA_P256_SHA256,
  });
  return {
    pem: csr.toString('pem'),
    privateKey: NodeKeyObject.from(keys.privateKey),
    der: Buffer.from(csr.rawData),
  };
}
