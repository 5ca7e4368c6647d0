/**
 * The mqtt.js internal the external broker's "acknowledge after commit" relies on, checked on the real
 * library: a real Aedes broker and real mqtt.js clients. When an mqtt.js upgrade renames the packet writer,
 * stops routing PUBACKs through it, or parses the next message before the PUBACK's callback, this fails.
 */
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { interceptOutgoingPackets, type OutgoingPacket } from './mqtt-outgoing-packets.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function broker() {
  const aedes = await Aedes.createBroker();
  const server: Server = createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  cleanups.push(async () => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { aedes, url: `mqtt://127.0.0.1:${port}` };
}

/** A client whose outgoing packets pass through `intercept` from the start, connected. */
async function hooked(url: string, intercept: (o: OutgoingPacket) => void): Promise<MqttClient> {
  const c = mqtt.connect(url, { clientId: 'hooked', reconnectPeriod: 0, connectTimeout: 15_000 });
  interceptOutgoingPackets(c, intercept);
  cleanups.push(() => c.endAsync(true));
  await new Promise((resolve, reject) => {
    c.once('connect', resolve);
    c.once('error', reject);
  });
  return c;
}

async function publisher(url: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 15_000 });
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
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('intercepting the packets an mqtt.js client sends', () => {
  it('passes every packet through the hook; sending it as asked works as before', async () => {
    const { url } = await broker();
    const seen: string[] = [];
    const client = await hooked(url, ({ packet, send, written }) => {
      seen.push(packet.cmd);
      send(written);
    });
    await client.subscribeAsync('t/#', { qos: 1 });
    const got: string[] = [];
    client.on('message', (_topic, payload) => got.push(payload.toString()));
    const other = await publisher(url);
    await other.publishAsync('t/1', 'one', { qos: 1 });
    await other.publishAsync('t/2', 'two', { qos: 1 });
    await until(() => got.length === 2, 'both messages');
    expect(got).toEqual(['one', 'two']);
    await until(() => seen.filter((cmd) => cmd === 'puback').length === 2, 'both acknowledgements');
    expect(seen).toContain('subscribe');
  });

  it('holds the PUBACK until sent, and the next message until its callback ran', async () => {
    const { aedes, url } = await broker();
    const held: OutgoingPacket[] = [];
    const client = await hooked(url, (outgoing) => {
      if (outgoing.packet.cmd === 'puback') held.push(outgoing);
      else outgoing.send(outgoing.written);
    });
    // The acknowledgements the broker received from the hooked client.
    const acked: string[] = [];
    aedes.on('ack', (_packet, by) => acked.push(by.id));
    await client.subscribeAsync('t/#', { qos: 1 });
    const got: string[] = [];
    client.on('message', (_topic, payload) => got.push(payload.toString()));
    const other = await publisher(url);
    await other.publishAsync('t/1', 'one', { qos: 1 });
    await other.publishAsync('t/2', 'two', { qos: 1 });

    await until(() => held.length === 1, 'the first PUBACK at the hook');
    const first = held[0] as OutgoingPacket;
    expect(first.packet.messageId).toEqual(expect.any(Number));
    expect(first.written).toEqual(expect.any(Function));
    // Neither acknowledged to the broker nor the next message read while both are held.
    await pause(300);
    expect(got).toEqual(['one']);
    expect(acked).toEqual([]);

    // Sending it acknowledges the message at the broker; the reader stays held.
    first.send();
    await until(() => acked.length === 1, "the broker's acknowledgement");
    expect(acked).toEqual(['hooked']);
    await pause(200);
    expect(got).toEqual(['one']);

    // Its callback lets the next message in.
    first.written?.();
    await until(() => got.length === 2, 'the second message');
    expect(got).toEqual(['one', 'two']);
  });

  it('says which file to update when the packet writer is gone', () => {
    expect(() => interceptOutgoingPackets({} as MqttClient, () => undefined)).toThrow(
      /mqtt-outgoing-packets\.ts/,
    );
  });
});
