import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with a random salt', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(needsRehash(a)).toBe(false);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('keeps old hashes valid when the cost changes and flags them for rehashing', async () => {
    const weak = await hashPassword('pw-12345678', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('pw-12345678', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('rejects malformed or abusive hashes without throwing', async () => {
    for (const bad of [
      '',
      'bcrypt$x',
      'scrypt$16384$8$1$salt',
      'scrypt$3$8$1$AAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA',
      'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(await verifyPassword('whatever', bad)).toBe(false);
    }
  });
});
