import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { bitString, oid, pem, sequence, smallInteger } from '../der.ts';
import { distinguishedName } from '../x509.ts';

/** A PKCS #10 request for a fresh P-256 key, as a board's secure element would make (tests only). */
export function makeCsr(commonName = 'device'): { pem: string; privateKey: KeyObject; der: Buffer } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  // No attributes: `[0]` with an empty SET.
  const info = sequence(smallInteger(0), distinguishedName(commonName), spki, Buffer.from([0xa0, 0x00]));
  const der = sequence(
    info,
    sequence(oid('1.2.840.10045.4.3.2')),
    bitString(sign('sha256', info, privateKey)),
  );
  return { pem: pem('CERTIFICATE REQUEST', der), privateKey, der };
}
