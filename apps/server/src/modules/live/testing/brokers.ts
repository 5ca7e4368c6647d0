import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort } from '../../../../test/free-port.ts';

export interface TestBroker {
  url: string;
  close(): Promise<void>;
}

/** An Aedes broker in this process on a free loopback port. */
export async function startAedes(): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const hasMosquitto = () => spawnSync('mosquitto', ['-h']).error === undefined;

/** A Mosquitto of its own (never the machine's): a generated config, a free port, anonymous access. */
export async function startMosquitto(): Promise<TestBroker> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tc-mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  // Ready once a client gets in (a busy machine may take seconds to start it).
  for (const until = Date.now() + 30_000; ; ) {
    try {
      const probe = await connectClient(url, 2_000);
      await probe.endAsync(true);
      break;
    } catch (err) {
      if (Date.now() > until) {
        child.kill();
        throw err;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A connected mqtt.js client; rejects when the broker does not answer in time (generous: a busy machine). */
export function connectClient(url: string, timeoutMs = 15_000): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { connectTimeout: timeoutMs, reconnectPeriod: 0 });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
    client.once('close', () => reject(new Error('connection closed')));
  });
}
