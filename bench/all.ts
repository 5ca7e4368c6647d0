// `npm run bench`: builds once, runs every benchmark in turn (each prints its own details as it goes), then
// prints one table of the headline figures, each beside the limit of its parts measured in the same run
// (see bench/report.ts). BENCH_RUN=live,ingest runs some of them. A benchmark that fails is listed as such
// and the others still run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** In the order they run: the ones needing the built web app last, so the build is fresh for them. */
const BENCHES = [
  { name: 'api', file: 'bench/api.ts' },
  { name: 'history', file: 'bench/history.ts' },
  { name: 'ingest', file: 'bench/ingest.mts' },
  { name: 'fleet', file: 'bench/fleet.mts' },
  { name: 'live', file: 'bench/live.ts' },
  { name: 'web-size', file: 'bench/web-size.ts', needsBuild: true },
  { name: 'dashboard', file: 'bench/dashboard.ts', needsBuild: true },
];

const only = process.env.BENCH_RUN?.split(',').map((s) => s.trim());
const chosen = BENCHES.filter((b) => !only || only.includes(b.name));
const dir = mkdtempSync(join(tmpdir(), 'tc-bench-all-'));
const reportFile = join(dir, 'figures.jsonl');
const failed: string[] = [];
try {
  if (chosen.some((b) => b.needsBuild)) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  for (const b of chosen) {
    console.log(`\n── bench:${b.name} ──`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', b.file], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_REPORT: reportFile },
    });
    if (run.status !== 0) failed.push(`bench:${b.name} (exit ${run.status ?? run.signal})`);
  }
  const figures = readFigures(reportFile);
  console.log(`\n${table(figures)}`);
  if (failed.length > 0) console.log(`\nFailed: ${failed.join(', ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed.length > 0 ? 1 : 0;

function readFigures(file: string): Figure[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Figure);
  } catch {
    return [];
  }
}

function num(n: number): string {
  return Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(Math.abs(n) >= 10 ? 1 : 2);
}

/** A throughput as a share of its limit; a latency or size as a multiple of it. */
function ratio(f: Figure): string {
  if (!f.limit || !(f.limit.value > 0)) return '';
  const r = f.value / f.limit.value;
  return f.better === 'higher' ? `${Math.round(r * 100)} % of it` : `${r.toFixed(1)}× it`;
}

function table(figures: Figure[]): string {
  const rows = [
    ['benchmark', 'measure', 'figure', 'limit of its parts (same run)', 'ratio', 'goal'],
    ...figures.map((f) => [
      f.bench,
      f.what,
      `${num(f.value)} ${f.unit}`,
      f.limit ? `${f.limit.what}: ${num(f.limit.value)} ${f.unit}` : '',
      ratio(f),
      f.goal ? `${f.goal.text} ${f.goal.met ? '(met)' : '(missed)'}` : '',
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join(
    '\n',
  );
}
