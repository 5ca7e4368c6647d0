import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCloud, type ValuesEvent } from '../testing/fake-cloud.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const THING = '5b7e9c1a-0000-4000-8000-00000000c11a';

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  return { child, output: () => out };
}

async function exitCode(child: ChildProcess) {
  const [code] = await once(child, 'exit');
  return code as number;
}

let cloud: FakeCloud;
beforeAll(async () => {
  cloud = await FakeCloud.start();
});
afterAll(async () => {
  await cloud.close();
});

// Each test starts the command line through tsx, which a busy machine makes slow.
describe('npm run device', { timeout: 60_000 }, () => {
  it('refuses bad options with the usage and exit code 2', async () => {
    const missing = run(['--device-id', 'd1']);
    expect(await exitCode(missing.child)).toBe(2);
    expect(missing.output()).toMatch(/--secret-key is required[\s\S]*Usage: npm run device/);
    const badType = run(['--device-id', 'd1', '--secret-key', 's', '--properties', 'x:nope']);
    expect(await exitCode(badType.child)).toBe(2);
    expect(badType.output()).toMatch(/unknown type nope/);
  });

  it('connects, publishes its declared properties on the timer, and stops on SIGINT', async () => {
    cloud.secrets.set('cli-device', 'cli-secret');
    cloud.bindings.set('cli-device', {
      id: THING,
      types: new Map([
        ['temp', 'TEMPERATURE'],
        ['n', 'COUNT'],
      ]),
      lastValues: new Map(),
    });
    const values: ValuesEvent[] = [];
    const seen = new Promise<void>((resolve) => {
      cloud.on('values', (e: ValuesEvent) => {
        if (e.thingId !== THING) return;
        values.push(e);
        if (e.values.some((v) => v.name === 'n' && (v.value as number) >= 2)) resolve();
      });
    });
    const { child, output } = run([
      '--device-id',
      'cli-device',
      '--secret-key',
      'cli-secret',
      '--url',
      cloud.url,
      '--interval',
      '0.2',
      '--properties',
      'temp:temperature,n:counter',
    ]);
    await seen;
    expect(values.flatMap((e) => e.errors)).toEqual([]);
    expect(values[0]?.values.map((v) => v.name).sort()).toEqual(['n', 'temp']);
    child.kill('SIGINT');
    expect(await exitCode(child)).toBe(0);
    expect(output()).toMatch(/attached to thing 5b7e9c1a/);
  });
});
