import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The admin CLI's way into a running server (issue 27 item 7). The embedded database takes one process at a
 * time, so while the server runs the CLI cannot open it; instead the server makes a random credential at each
 * start and leaves it in `DATA_DIR/admin-credential` (mode 0600: readable by the account that runs the
 * server, as the data directory is) with the address it listens on. The bearer check accepts it only on a
 * direct loopback connection and only on operator routes, as the "admin CLI" (auth.plugin.ts); it never
 * leaves this process except through that file, and it dies with the process (a new start replaces the file,
 * a clean stop removes it).
 */
export const CREDENTIAL_FILE = 'admin-credential';

export interface LocalCredential {
  /** The secret itself: written to the file, never logged. */
  readonly token: string;
  /** Whether a bearer token is this credential (constant time). */
  matches(token: string): boolean;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A fresh credential: 32 random bytes, base64url. */
export function createLocalCredential(): LocalCredential {
  const token = randomBytes(32).toString('base64url');
  const expected = digest(token);
  return {
    token,
    // Hashes first: equal lengths for timingSafeEqual, and no early exit on the first differing byte.
    matches: (candidate) => timingSafeEqual(digest(candidate), expected),
  };
}

const fileSchema = z.object({ url: z.url(), token: z.string().min(32), pid: z.number().int().optional() });
export type CredentialFile = z.infer<typeof fileSchema>;

const fileOf = (dataDir: string) => path.join(dataDir, CREDENTIAL_FILE);

/**
 * Writes the file for the CLI: to a new file created 0600 and renamed over the old one, so a reader sees
 * the previous file or the whole new one, and the secret is never in a file others may read.
 */
export function writeCredentialFile(dataDir: string, content: CredentialFile): void {
  mkdirSync(dataDir, { recursive: true });
  const temp = path.join(dataDir, `.${CREDENTIAL_FILE}.${randomUUID()}`);
  try {
    writeFileSync(temp, `${JSON.stringify(content)}\n`, { flag: 'wx', mode: 0o600 });
    // The mode given at creation is only what the umask leaves; no umask widens 0600, but say it outright.
    chmodSync(temp, 0o600);
    renameSync(temp, fileOf(dataDir));
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Removes the file if it still holds this credential (another process on this DATA_DIR may have replaced it). */
export function removeCredentialFile(dataDir: string, credential: LocalCredential): void {
  const current = readCredentialFile(dataDir);
  if (current && credential.matches(current.token)) rmSync(fileOf(dataDir), { force: true });
}

/** The running server's address and credential, or null when there is no (readable, well-formed) file. */
export function readCredentialFile(dataDir: string): CredentialFile | null {
  let text: string;
  try {
    text = readFileSync(fileOf(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = fileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The address the CLI calls: a wildcard bind is reached on 127.0.0.1 (a dual-stack `::` takes IPv4 too),
 * any other on the address itself.
 */
export function localUrlOf(address: { address: string; family: string; port: number }): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const v6 = address.address.includes(':');
  const host = wildcard ? '127.0.0.1' : v6 ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
