import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { userTokens } from '../../db/schema/index.ts';

/** A password reset link's token for tests, stored as a mailed one is (only its hash, valid a minute). */
export async function resetTokenFor(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(userTokens).values({
    userId,
    purpose: 'reset_password',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 60_000),
  });
  return token;
}
