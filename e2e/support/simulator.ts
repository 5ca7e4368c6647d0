import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(root, 'packages/device-protocol/src/simulator/cli.ts');

/**
 * Runs a simulator command as the web app prints it (`npm run device -- <args>`): the same CLI through tsx,
 * started as `node` so the PID held is the simulator's own. Returns the process and its output so far.
 */
export function runSimulatorCommand(command: string): { child: ChildProcess; output: () => string } {
  const marker = 'npm run device -- ';
  if (!command.startsWith(marker)) throw new Error(`not a simulator command: ${command}`);
  const args = command.slice(marker.length).split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    out += String(chunk);
  });
  return { child, output: () => out };
}

/** Stops a simulator by its PID and waits for it to exit. */
export async function stopSimulator(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid) process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
