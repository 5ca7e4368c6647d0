import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

const ADMIN = { username: 'tinkercloud', password: 'tinkercloud-test-admin' };

/** The Mosquitto binary and its dynamic-security plugin on this machine, or why they cannot be used. */
export function findMosquitto(): { binary: string; plugin: string } | { missing: string } {
  let binary: string;
  try {
    binary = execFileSync('sh', ['-c', 'command -v mosquitto || ls /usr/sbin/mosquitto'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')[0] as string;
  } catch {
    return { missing: 'the mosquitto binary is not installed' };
  }
  let plugin: string | undefined;
  try {
    plugin = execFileSync('dpkg', ['-L', 'mosquitto'], { encoding: 'utf8' })
      .split('\n')
      .find((line) => line.endsWith('mosquitto_dynamic_security.so'));
  } catch {
    plugin = [
      '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
      '/usr/lib/mosquitto_dynamic_security.so',
    ].find(existsSync);
  }
  if (!binary || !plugin) return { missing: 'the mosquitto dynamic-security plugin is not installed' };
  return { binary, plugin };
}

export interface TestMosquitto {
  port: number;
  /** The MQTT over TLS listener's port, when `tls` was given. */
  tlsPort: number | null;
  /** The broker's process id (benchmarks read its memory and CPU). */
  pid(): number | undefined;
  /** The server's privileged login (the dynamic-security admin). */
  url: string;
  stop(): Promise<void>;
  /** Stops and starts the broker again on the same port (the same configuration and clients). */
  restart(): Promise<void>;
}

/**
 * A Mosquitto of its own for one test file: a free port, a generated configuration with the dynamic-security
 * plugin, an admin client for the server (allowed everything, as the README asks operators to set up), the log
 * published on `$SYS/broker/log/N` (how the server learns of connections).
 */
export async function startMosquitto(
  found: { binary: string; plugin: string },
  opts: {
    /** A TLS listener too, with this certificate (chain) and key, PEM files. */
    tls?: { certFile: string; keyFile: string };
    /** Adds to the dynamic-security configuration before the broker reads it (clients and roles in bulk). */
    dynsec?: (config: { clients: unknown[]; roles: unknown[] }) => void;
  } = {},
): Promise<TestMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'tc-mosquitto-'));
  const dynsec = join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, ADMIN.username, ADMIN.password], {
    stdio: 'ignore',
  });
  const config = JSON.parse(readFileSync(dynsec, 'utf8'));
  config.roles[0].acls.push({ acltype: 'publishClientSend', topic: '#', allow: true });
  opts.dynsec?.(config);
  writeFileSync(dynsec, JSON.stringify(config));
  const port = await freePort();
  const tlsPort = opts.tls ? await freePort() : null;
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      `user ${userInfo().username}`,
      'per_listener_settings false',
      'allow_anonymous false',
      `listener ${port} 127.0.0.1`,
      ...(opts.tls
        ? [`listener ${tlsPort} 127.0.0.1`, `certfile ${opts.tls.certFile}`, `keyfile ${opts.tls.keyFile}`]
        : []),
      `plugin ${found.plugin}`,
      `plugin_opt_config_file ${dynsec}`,
      'log_dest topic',
      `log_dest file ${join(dir, 'mosquitto.log')}`,
      'log_type error',
      'log_type warning',
      'log_type notice',
      'persistence false',
      // The default (1000) silently drops QoS 1 messages queued for a slow subscriber.
      'max_queued_messages 0',
      'max_inflight_messages 0',
      // As the connectivity README advises: clients' largest packet, with room for the server's own messages.
      'max_packet_size 1048576',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(found.binary, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await waitForPort(port);
    if (tlsPort !== null) await waitForPort(tlsPort);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };
  await start();
  return {
    port,
    tlsPort,
    pid: () => (child as ChildProcess | null)?.pid,
    url: `mqtt://${ADMIN.username}:${ADMIN.password}@127.0.0.1:${port}`,
    async stop() {
      await stop();
      if (process.env.KEEP_MOSQUITTO) console.error(`mosquitto files kept in ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await stop();
      await start();
    },
  };
}

async function waitForPort(port: number) {
  // Generous: a busy machine may take seconds to start it.
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    const open = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}`);
}
