import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalAddressKind } from './address-classifier.ts';
import { postWebhook, type Resolver } from './webhook-request.ts';

/** A receiver on 127.0.0.1 that records what reached it and answers as `answer` says. */
let server: Server;
let port: number;
const received: { url: string; host: string | undefined; body: string }[] = [];
let answer: (req: IncomingMessage) => { status: number; location?: string } = () => ({ status: 204 });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', host: req.headers.host, body });
      const a = answer(req);
      res.writeHead(a.status, a.location ? { location: a.location } : {});
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Maps names without DNS: `hooks.example` is this machine (as a rebinding or hostile DNS would answer). */
const resolve: Resolver = async (name) => {
  if (name === 'hooks.example') return [{ address: '127.0.0.1', family: 4 }];
  if (name === 'split.example')
    return [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
  throw new Error(`getaddrinfo ENOTFOUND ${name}`);
};
const strict = { allowPrivate: false, resolve, timeoutMs: 2_000 };
const open = { ...strict, allowPrivate: true };

describe('postWebhook', () => {
  it.each([
    ['http://127.0.0.1:1/hook', 'loopback'],
    ['http://10.0.0.1/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'metadata'],
    ['http://[::1]:1/hook', 'loopback'],
    ['http://[::ffff:127.0.0.1]:1/hook', 'loopback'],
  ])('refuses %s (%s) without WEBHOOK_ALLOW_PRIVATE', async (url, kind) => {
    const before = received.length;
    const r = await postWebhook(url, '{}', {}, strict);
    expect(r).toMatchObject({ ok: false, refused: true });
    expect(r.ok ? '' : r.error).toContain(kind);
    expect(received.length).toBe(before);
  });

  it('refuses a name that resolves to an internal address, checking every address it has', async () => {
    const before = received.length;
    const loop = await postWebhook(`http://hooks.example:${port}/hook`, '{}', {}, strict);
    expect(loop).toMatchObject({ ok: false, refused: true, error: expect.stringContaining('127.0.0.1') });
    const split = await postWebhook('http://split.example/hook', '{}', {}, strict);
    expect(split).toMatchObject({ ok: false, refused: true, error: expect.stringContaining('10.1.2.3') });
    expect(received.length).toBe(before);
  });

  it('connects to the checked address with the Host of the name (WEBHOOK_ALLOW_PRIVATE)', async () => {
    answer = () => ({ status: 200 });
    const r = await postWebhook(`http://hooks.example:${port}/hook`, '{"a":1}', {}, open);
    expect(r).toEqual({ ok: true, httpStatus: 200 });
    expect(received.at(-1)).toEqual({ url: '/hook', host: `hooks.example:${port}`, body: '{"a":1}' });
  });

  it('re-checks every redirect', async () => {
    // The receiver stands in for a public host and redirects to the metadata address: refused there.
    answer = (req) =>
      req.url === '/start' ? { status: 307, location: 'http://169.254.169.254/latest' } : { status: 200 };
    const before = received.length;
    const classify = (a: string) => (a === '127.0.0.1' ? null : internalAddressKind(a));
    const r = await postWebhook(`http://127.0.0.1:${port}/start`, '{}', {}, { ...strict, classify });
    expect(r).toMatchObject({ ok: false, refused: true, error: expect.stringContaining('metadata') });
    expect(received.slice(before).map((x) => x.url)).toEqual(['/start']);
  });

  it('follows at most 3 redirects, POSTing the body again', async () => {
    answer = (req) => {
      const n = Number(req.url?.slice(1));
      return n < 10 ? { status: 308, location: `/${n + 1}` } : { status: 200 };
    };
    const before = received.length;
    const r = await postWebhook(`http://127.0.0.1:${port}/0`, 'x', {}, open);
    expect(r).toMatchObject({ ok: false, httpStatus: 308, error: 'more than 3 redirects' });
    expect(received.slice(before).map((x) => [x.url, x.body])).toEqual([
      ['/0', 'x'],
      ['/1', 'x'],
      ['/2', 'x'],
      ['/3', 'x'],
    ]);
    answer = (req) => (req.url === '/0' ? { status: 302, location: '/10' } : { status: 202 });
    expect(await postWebhook(`http://127.0.0.1:${port}/0`, 'x', {}, open)).toEqual({
      ok: true,
      httpStatus: 202,
    });
  });

  it('gives up after its timeout', async () => {
    const silent = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const p = (silent.address() as AddressInfo).port;
    const r = await postWebhook(`http://127.0.0.1:${p}/`, '{}', {}, { ...open, timeoutMs: 200 });
    expect(r).toEqual({ ok: false, error: 'no answer within 0.2 s' });
    silent.closeAllConnections();
    await new Promise<void>((res) => silent.close(() => res()));
  });

  it('reports an answer other than 2xx', async () => {
    answer = () => ({ status: 500 });
    expect(await postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, open)).toEqual({
      ok: false,
      httpStatus: 500,
      error: 'answered HTTP 500',
    });
  });
});
