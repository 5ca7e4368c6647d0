import { randomBytes, webcrypto } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { x509 } from '../modules/iot/certs/x509-library.ts';

/**
 * The certificates of TLS out of the box: a local certificate authority made once in `DATA_DIR/tls`, and a
 * server certificate it signs for the names clients dial, re-issued when it nears its end or the names change.
 * Built with @peculiar/x509 on Node's WebCrypto (ECDSA P-256, SHA-256), as the device CA is.
 */

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** Trusted once by hand on every client: it should outlive the installation. */
const CA_VALIDITY_DAYS = 20 * 365;
/** Clients trust the CA, not this certificate, so it can be short-lived and renewed by the server alone. */
export const SERVER_VALIDITY_DAYS = 90;
/** Renewed when fewer days than this remain (checked at start and periodically). */
export const RENEW_BEFORE_DAYS = 30;

export const CA_FILE = 'ca.pem';
const CA_KEY_FILE = 'ca-key.pem';
const SERVER_FILE = 'server.pem';
const SERVER_KEY_FILE = 'server-key.pem';

export interface LocalCertificates {
  /** The CA certificate clients trust (PEM), and its file. */
  caPem: string;
  caFile: string;
  /** The server certificate followed by the CA's, and its key (PEM). */
  certPem: string;
  keyPem: string;
  notAfter: Date;
  /** True when this call issued a new server certificate. */
  issued: boolean;
}

export class LocalCaError extends Error {}

/** A random positive serial of 16 bytes (RFC 5280: at most 20 octets, unpredictable). */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x40;
  return bytes.toString('hex');
}

async function newKeys(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ECDSA_P256, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
}

async function keyPem(key: webcrypto.CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

async function importKey(pem: string): Promise<webcrypto.CryptoKey> {
  const der = x509.PemConverter.decodeFirst(pem);
  return (await webcrypto.subtle.importKey('pkcs8', der, ECDSA_P256, false, ['sign'])) as webcrypto.CryptoKey;
}

/** Writes through a temporary file and a rename, so a reader never sees half a file; keys readable by us only. */
function writeAtomically(file: string, text: string, secret: boolean) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: secret ? 0o600 : 0o644 });
  if (secret) chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

function subjectName(commonName: string, organization: string): string {
  // The library's string form: RFC 4514, values escaped.
  const escaped = (v: string) => v.replace(/([,+"\\<>;=#])/g, '\\$1');
  return `CN=${escaped(commonName)}, O=${escaped(organization)}`;
}

async function createCa(dir: string, organization: string, now: Date) {
  const keys = await newKeys();
  const name = subjectName(`${organization} local CA`, organization);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + CA_VALIDITY_DAYS * DAY_MS),
    signingAlgorithm: SIGNING,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  // Two processes sharing DATA_DIR may start at once: the key is claimed with a hard link, which fails when the
  // file exists, so one CA wins; the other process waits for its certificate (written second).
  const keyFile = path.join(dir, CA_KEY_FILE);
  const tmp = `${keyFile}.${process.pid}.tmp`;
  writeFileSync(tmp, await keyPem(keys.privateKey), { mode: 0o600 });
  try {
    linkSync(tmp, keyFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return;
  } finally {
    unlinkSync(tmp);
  }
  writeAtomically(path.join(dir, CA_FILE), cert.toString('pem'), false);
}

/** Waits (up to 10 s) for the certificate of a CA another process is making. */
async function caWrittenBy(dir: string) {
  for (let i = 0; i < 100 && !existsSync(path.join(dir, CA_FILE)); i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first certificate of a PEM chain. */
export function firstCertificate(pem: string): x509.X509Certificate {
  return new x509.X509Certificate(x509.PemConverter.decodeFirst(pem));
}

/** The subject alternative names a certificate carries, as plain strings (DNS names and IP addresses). */
export function namesOf(cert: x509.X509Certificate): string[] {
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  return (san?.names.items ?? []).map((n) => n.value.toLowerCase());
}

async function issueServer(
  dir: string,
  ca: { cert: x509.X509Certificate; key: webcrypto.CryptoKey },
  names: string[],
  now: Date,
  validityDays: number,
) {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    issuer: ca.cert.subjectName,
    subject: `CN=${names[0] ?? 'localhost'}`,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + validityDays * DAY_MS),
    signingAlgorithm: SIGNING,
    publicKey: keys.publicKey,
    signingKey: ca.key,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        names.map((value) => ({ type: isIP(value) ? ('ip' as const) : ('dns' as const), value })),
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert.publicKey),
    ],
  });
  const issued = {
    certPem: `${cert.toString('pem')}\n${ca.cert.toString('pem')}\n`,
    keyPem: await keyPem(keys.privateKey),
  };
  writeAtomically(path.join(dir, SERVER_KEY_FILE), issued.keyPem, true);
  writeAtomically(path.join(dir, SERVER_FILE), issued.certPem, false);
  // Served from memory: another process sharing the directory may be writing its own pair meanwhile.
  return issued;
}

/** Why the stored server certificate cannot stay, or null when it can. */
async function reasonToIssue(
  dir: string,
  ca: x509.X509Certificate,
  names: string[],
  now: Date,
): Promise<string | null> {
  const file = path.join(dir, SERVER_FILE);
  if (!existsSync(file) || !existsSync(path.join(dir, SERVER_KEY_FILE))) return 'none yet';
  let cert: x509.X509Certificate;
  try {
    cert = firstCertificate(readFileSync(file, 'utf8'));
  } catch {
    return 'unreadable';
  }
  if (!(await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }))) return 'not signed by the CA';
  const covered = new Set(namesOf(cert));
  if (!names.every((n) => covered.has(n))) return 'names changed';
  if (cert.notAfter.getTime() - now.getTime() < RENEW_BEFORE_DAYS * DAY_MS) return 'near its end';
  return null;
}

/**
 * Loads or makes the CA and the server certificate for `names` in `dir`. The CA is made only when neither of
 * its files exists: an unreadable one is an error, never silently replaced (clients trust it).
 */
export async function ensureLocalCertificates(opts: {
  dir: string;
  names: string[];
  organization: string;
  now?: Date;
  /** Days a new server certificate is valid (tests shorten it). */
  validityDays?: number;
}): Promise<LocalCertificates & { reason: string | null }> {
  const now = opts.now ?? new Date();
  const { dir } = opts;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caFile = path.join(dir, CA_FILE);
  const caKeyFile = path.join(dir, CA_KEY_FILE);
  if (!existsSync(caFile) && !existsSync(caKeyFile)) await createCa(dir, opts.organization, now);
  if (!existsSync(caFile) && existsSync(caKeyFile)) await caWrittenBy(dir);
  let ca: { cert: x509.X509Certificate; key: webcrypto.CryptoKey };
  try {
    ca = {
      cert: new x509.X509Certificate(readFileSync(caFile, 'utf8')),
      key: await importKey(readFileSync(caKeyFile, 'utf8')),
    };
  } catch (err) {
    throw new LocalCaError(
      `the local CA in ${dir} is unreadable (${(err as Error).message}); restore ${CA_FILE} and ${CA_KEY_FILE}, ` +
        'or delete both to make a new CA (clients must then trust the new one)',
    );
  }
  const reason = await reasonToIssue(dir, ca.cert, opts.names, now);
  const { certPem, keyPem: key } = reason
    ? await issueServer(dir, ca, opts.names, now, opts.validityDays ?? SERVER_VALIDITY_DAYS)
    : {
        certPem: readFileSync(path.join(dir, SERVER_FILE), 'utf8'),
        keyPem: readFileSync(path.join(dir, SERVER_KEY_FILE), 'utf8'),
      };
  return {
    caPem: ca.cert.toString('pem'),
    caFile: path.resolve(caFile),
    certPem,
    keyPem: key,
    notAfter: firstCertificate(certPem).notAfter,
    issued: reason !== null,
    reason,
  };
}
