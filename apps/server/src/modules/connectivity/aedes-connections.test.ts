/**
 * The Aedes internals the server relies on, checked on the real library: a real broker on a loopback port and
 * a real mqtt.js client. When an Aedes upgrade renames or reshapes them, this fails (not a device login).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { clientStream, connectedClient, connectedClients } from './aedes-connections.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A real Aedes on a free port, remembering the socket of each connection it was handed. */
async function broker() {
  const aedes = await Aedes.createBroker();
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    aedes.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  cleanups.push(async () => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { aedes, sockets, url: `mqtt://127.0.0.1:${port}` };
}

async function client(url: string, clientId: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, { clientId, reconnectPeriod: 0, connectTimeout: 15_000 });
  cleanups.push(() => c.endAsync(true));
  return c;
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('aedes connections', () => {
  it('finds a connected client by its client id, and lists every connected client', async () => {
    const { aedes, url } = await broker();
    await client(url, 'board-one');
    await client(url, 'board-two');
    await until(() => connectedClients(aedes).length === 2, 'both clients');

    expect(
      connectedClients(aedes)
        .map(([id]) => id)
        .sort(),
    ).toEqual(['board-one', 'board-two']);
    for (const [id, c] of connectedClients(aedes)) expect(c.id).toBe(id);
    expect(connectedClient(aedes, 'board-one')?.id).toBe('board-one');
    expect(connectedClient(aedes, 'nobody')).toBeUndefined();
    // Client ids are the device's to choose: one named like an Object property is no client.
    expect(connectedClient(aedes, 'constructor')).toBeUndefined();
    expect(connectedClient(aedes, '__proto__')).toBeUndefined();
  });

  it('closing the client it found ends that connection only', async () => {
    const { aedes, url } = await broker();
    const one = await client(url, 'board-one');
    const two = await client(url, 'board-two');
    const closed = new Promise<void>((resolve) => one.once('close', () => resolve()));
    connectedClient(aedes, 'board-one')?.close();
    await closed;
    await until(() => connectedClients(aedes).length === 1, 'the closed client to leave the table');
    expect(connectedClient(aedes, 'board-one')).toBeUndefined();
    expect(two.connected).toBe(true);
  });

  it("gives the very stream the client came in on (the TLS socket's certificate is read from it)", async () => {
    const { aedes, sockets, url } = await broker();
    await client(url, 'board-one');
    const found = connectedClient(aedes, 'board-one');
    expect(found).toBeDefined();
    expect(sockets).toHaveLength(1);
    expect(clientStream(found as NonNullable<typeof found>)).toBe(sockets[0]);
  });

  it('says which file to update when the client table is gone', () => {
    const notAedes = {} as Aedes;
    expect(() => connectedClients(notAedes)).toThrow(/aedes-connections\.ts/);
  });
});
