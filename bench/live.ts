// `npm run bench:live`: latency from a value's publication to its arrival on a browser's event stream (issue 5
// item 9; goal p99 ≤ 50 ms at 1,000 messages/s). Cases, in order:
//  - device (live-device.ts): devices publish to a server process of its own, read back from its SSE stream;
//    on PGlite, then on PostgreSQL when DATABASE_URL is set (a throwaway database, dropped afterwards);
//    then the broker alone (broker-round-trip.ts): the same devices and rate read by an application
//    subscription, printed beside the live p99 as the limit of that part;
//  - bus (live-bus.ts): bus A → Aedes → bus B → SSE, in this process, without device, ingest or database.
// BENCH_CASE (device | bus, default both), BENCH_SECONDS (default 20), BENCH_RATE (messages/s, default 1000),
// BENCH_DEVICES (device case, default 10, at most 100), BENCH_QOS (device case, 0 or 1, default 0),
// BENCH_WARMUP_SECONDS (device case: full rate, unmeasured, before measuring; default 5),
// BENCH_STREAMS (bus case readers, default 1).
import { busCase } from './live-bus.ts';
import { deviceCase } from './live-device.ts';

const CASE = process.env.BENCH_CASE ?? 'all';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rate = Number(process.env.BENCH_RATE ?? 1000);
const devices = Math.min(100, Number(process.env.BENCH_DEVICES ?? 10));
const qos = process.env.BENCH_QOS === '1' ? 1 : 0;
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

if (CASE === 'all' || CASE === 'device') {
  await deviceCase({ database: 'pglite', seconds, rate, devices, qos, warmupSeconds });
  if (process.env.DATABASE_URL)
    await deviceCase({ database: 'postgres', seconds, rate, devices, qos, warmupSeconds });
  else console.log('live (device) on PostgreSQL skipped: set DATABASE_URL');
}
if (CASE === 'all' || CASE === 'bus') {
  await busCase({ seconds, rate, streams: Number(process.env.BENCH_STREAMS ?? 1) });
}
