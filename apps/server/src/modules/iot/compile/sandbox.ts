import { lstatSync, readlinkSync } from 'node:fs';

/**
 * The sandbox every compile runs in (README.md of this module): bubblewrap with no network and no view of
 * the host but the toolchain (read-only) and the job's own directory (read-write, seen as `/job`), a clean
 * environment (no DATABASE_URL, no secrets), and as root an unprivileged user (setpriv to nobody before
 * bwrap, so even a sandbox escape is not root).
 */

/** Where the job's directory appears inside the sandbox. */
export const JOB_DIR = '/job';
/** nobody:nogroup: what a compile runs as when the server runs as root. */
export const UNPRIVILEGED_ID = 65534;

/** The top-level system directories a toolchain needs: bound read-only, or their symlink recreated (merged /usr). */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** The few files of /etc programs read (locales, users for `id`); never the rest of /etc. */
const ETC_FILES = ['/etc/passwd', '/etc/group', '/etc/ld.so.cache', '/etc/alternatives'];

function kindOf(path: string): 'dir' | 'file' | 'link' | null {
  try {
    const s = lstatSync(path);
    return s.isSymbolicLink() ? 'link' : s.isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

export interface SandboxCommand {
  command: string;
  args: string[];
  /** The directory must belong to this uid before the run (root drops to it). */
  chownTo?: number;
}

/**
 * The command line that runs `command args` in the sandbox with `jobDir` bound at `/job`. `readOnlyDirs`
 * are further directories the toolchain needs (an operator's cores outside /usr).
 */
export function sandboxed(opts: {
  bwrap: string;
  setpriv?: string | null;
  jobDir: string;
  readOnlyDirs: string[];
  command: string;
  args: string[];
  isRoot?: boolean;
}): SandboxCommand {
  const a: string[] = ['--unshare-all', '--die-with-parent', '--new-session'];
  for (const dir of SYSTEM_DIRS) {
    const kind = kindOf(dir);
    if (kind === 'link') a.push('--symlink', readlinkSync(dir), dir);
    else if (kind === 'dir') a.push('--ro-bind', dir, dir);
  }
  for (const file of ETC_FILES) if (kindOf(file)) a.push('--ro-bind', file, file);
  for (const dir of opts.readOnlyDirs) {
    if (SYSTEM_DIRS.some((s) => under(dir, s)) || !kindOf(dir)) continue;
    a.push('--ro-bind', dir, dir);
  }
  a.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  a.push('--bind', opts.jobDir, JOB_DIR, '--chdir', JOB_DIR);
  a.push('--clearenv', '--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin');
  a.push('--setenv', 'HOME', JOB_DIR, '--setenv', 'LANG', 'C.UTF-8');
  a.push('--', opts.command, ...opts.args);
  const isRoot = opts.isRoot ?? process.getuid?.() === 0;
  if (!isRoot) return { command: opts.bwrap, args: a };
  if (!opts.setpriv) throw new Error('setpriv is needed to compile as root');
  // Root drops to nobody on the host first: bwrap then runs unprivileged (user namespace), so the job's
  // processes are nobody both inside and outside, and own nothing of the server's.
  const id = String(UNPRIVILEGED_ID);
  return {
    command: opts.setpriv,
    args: ['--reuid', id, '--regid', id, '--clear-groups', '--', opts.bwrap, ...a],
    chownTo: UNPRIVILEGED_ID,
  };
}
