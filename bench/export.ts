// Prints the figures of the export benchmark (issue 14 item 5): a server in its own process (export-server.ts)
// holds 5,000,000 points (5 properties, one value a second each, on DATABASE_URL when set, else embedded
// PGlite); this process downloads them all through `POST /iot/v2/series/export`, reading the CSV as it comes,
// and prints points/s and the growth of the server's resident memory (peak RSS during the export minus RSS
// before it). Goal: ≥ 500,000 points/s and ≤ 100 MB of growth.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage } from './child-messages.ts';
import type { ToChild, ToParent } from './export-server.ts';
import { serverChildArgs } from './server-child.ts';

const GOAL_POINTS_PER_S = 500_000;
const GOAL_GROWTH_MB = 100;
const MB = 1024 * 1024;
const SERVER = fileURLToPath(new URL('./export-server.ts', import.meta.url));

const child: ChildProcess = spawn(
  process.execPath,
  serverChildArgs(SERVER, process.env.DATABASE_URL ? 'postgres' : 'pglite', ['--expose-gc']),
  {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: process.env,
  },
);
const next = <K extends ToParent['kind']>(kind: K, send?: ToChild) =>
  nextMessage<ToParent, K>(child, kind, { send });

try {
  console.log('export bench: seeding the server (a few minutes on PGlite)…');
  const ready = await next('ready');
  console.log(
    `export bench: ${ready.database}, ${ready.stored.toLocaleString('en')} points over ${ready.propertyIds.length} properties seeded in ${ready.seedS.toFixed(1)} s, node ${process.version}`,
  );
  await next('measuring', { kind: 'measure' });

  const start = performance.now();
  const res = await fetch(`${ready.base}/iot/v2/series/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: ready.from, to: ready.to, properties: ready.propertyIds }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    const buf = r.value;
    bytes += buf.length;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  const { baselineRss, peakRss, atPeak } = await next('peak', { kind: 'peak' });

  const points = lines - 1;
  if (points !== ready.stored) throw new Error(`exported ${points} points, ${ready.stored} stored`);
  const perS = Math.round(points / seconds);
  const growthMb = (peakRss - baselineRss) / MB;
  console.log(
    `export: ${points.toLocaleString('en')} points (${(bytes / MB).toFixed(0)} MB of CSV) in ${seconds.toFixed(1)} s = ${perS.toLocaleString('en')} points/s (goal ≥ ${GOAL_POINTS_PER_S.toLocaleString('en')}: ${perS >= GOAL_POINTS_PER_S ? 'met' : 'not met'})`,
  );
  console.log(
    `server RSS: ${(baselineRss / MB).toFixed(0)} MB before, peak ${(peakRss / MB).toFixed(0)} MB, growth ${growthMb.toFixed(1)} MB (goal ≤ ${GOAL_GROWTH_MB} MB: ${growthMb <= GOAL_GROWTH_MB ? 'met' : 'not met'}); at the peak: JS heap ${(atPeak.heapUsed / MB).toFixed(0)} of ${(atPeak.heapTotal / MB).toFixed(0)} MB, buffers ${(atPeak.arrayBuffers / MB).toFixed(0)} MB, external ${(atPeak.external / MB).toFixed(0)} MB`,
  );
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ kind: 'stop' } satisfies ToChild);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
