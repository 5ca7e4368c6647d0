import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './pglite-lock.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => {
  dir = mkdtempSync(join(tmpdir(), 'tc-lock-'));
  return dir;
};

describe('the data directory lock', () => {
  it('is taken with this pid and released, only by its taker', () => {
    const release = lockDataDir(fresh());
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    // A second handle of this process takes it over; the first one's release leaves it alone then.
    const second = lockDataDir(dir);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    second();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('is refused while another live process holds it', () => {
    writeFileSync(join(fresh(), LOCK_FILE), JSON.stringify({ pid: process.ppid }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
  });

  it('is taken over from a process that is gone', () => {
    // Beyond any pid_max: no such process.
    writeFileSync(join(fresh(), LOCK_FILE), JSON.stringify({ pid: 2 ** 30 }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });
});
