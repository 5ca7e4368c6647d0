// A lean HTTP/1.1 load generator: keep-alive connections, each sending one request as soon as the previous
// answer is complete, counting body bytes without reading them. autocannon turns every body chunk into a
// string, which for a 36 KB gzip body costs the generator more CPU than the server spends answering: on two
// shared cores that measures the generator. Prints one JSON object in the shape bench/api.ts reads from
// autocannon. Usage: tsx bench/load-generator.ts '{"url":…,"method":…,"headers":{…},"body":…,
// "connections":20,"seconds":10}'
import { connect, type Socket } from 'node:net';

interface Options {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

const opts = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(opts.url);
const body = Buffer.from(opts.body ?? '');
const method = opts.method ?? 'GET';
const headerLines = Object.entries({
  host: target.host,
  ...(opts.headers ?? {}),
  ...(body.length > 0 ? { 'content-length': String(body.length) } : {}),
})
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join('');
const requestBytes = Buffer.concat([
  Buffer.from(`${method} ${target.pathname}${target.search} HTTP/1.1\r\n${headerLines}\r\n`),
  body,
]);
const HEAD_END = Buffer.from('\r\n\r\n');

const latencies: number[] = [];
const statuses = new Map<number, number>();
let bytes = 0;
let errors = 0;
let stopping = false;
const startedAt = performance.now();

function run(): Promise<void> {
  return new Promise((resolve) => {
    let socket: Socket;
    let head: Buffer | null = Buffer.alloc(0);
    let remaining = 0;
    let status = 0;
    let sentAt = 0;

    function send() {
      if (stopping) {
        socket.end();
        resolve();
        return;
      }
      head = Buffer.alloc(0);
      sentAt = performance.now();
      socket.write(requestBytes);
    }

    function complete() {
      latencies.push(performance.now() - sentAt);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      send();
    }

    function open() {
      socket = connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      socket.on('connect', send);
      socket.on('data', onData);
      socket.on('error', () => {
        errors += 1;
      });
      socket.on('close', () => {
        if (!stopping) open();
        else resolve();
      });
    }

    function onData(chunk: Buffer) {
      bytes += chunk.length;
      let rest = chunk;
      if (head) {
        const joined = head.length > 0 ? Buffer.concat([head, chunk]) : chunk;
        const end = joined.indexOf(HEAD_END);
        if (end < 0) {
          head = joined;
          return;
        }
        const text = joined.subarray(0, end).toString('latin1');
        status = Number(text.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        if (/\r\ntransfer-encoding:/i.test(text)) throw new Error('chunked answers are not supported');
        remaining = status === 304 || status === 204 || method === 'HEAD' ? 0 : Number(length?.[1] ?? 0);
        head = null;
        rest = joined.subarray(end + HEAD_END.length);
      }
      remaining -= rest.length;
      if (remaining < 0) throw new Error('more bytes than the answer announced (no pipelining here)');
      if (remaining === 0) complete();
    }

    open();
  });
}

setTimeout(() => {
  stopping = true;
}, opts.seconds * 1000);
await Promise.all(Array.from({ length: opts.connections }, run));
const elapsed = (performance.now() - startedAt) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0).toFixed(2));
process.stdout.write(
  JSON.stringify({
    requests: { average: latencies.length / elapsed },
    latency: { p50: at(0.5), p99: at(0.99) },
    throughput: { average: bytes / elapsed },
    statusCodeStats: Object.fromEntries([...statuses].map(([code, count]) => [String(code), { count }])),
    errors,
  }),
);
