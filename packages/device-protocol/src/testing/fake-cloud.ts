import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:net';
import { Aedes, type AedesPublishPacket, type Client } from 'aedes';
import { decodeCommand, encodeCommand } from '../commands/codec.ts';
import type { Command } from '../commands/types.ts';
import { type PropertyValue, recordsToValues, valueToRecords } from '../properties/values.ts';
import { decodeSenml } from '../senml/decode.ts';
import { encodeSenml } from '../senml/encode.ts';
import { TOPICS } from '../topics.ts';

export interface FakeThing {
  id: string;
  /** Property name → type id. */
  types: Map<string, string>;
  /** Property name → last value, sent in LastValuesUpdate. */
  lastValues: Map<string, unknown>;
}

export interface Received {
  deviceId: string;
  command: Command;
}

/**
 * A broker (embedded Aedes on a free port) and the least of a cloud around it, for tests: it checks device
 * credentials, answers ThingBegin with the bound thing and LastValuesBegin with its last values, and reads
 * the values devices publish. Events: `command` (Received), `values` ({thingId, values, errors, qos, bytes}).
 */
export class FakeCloud extends EventEmitter {
  readonly commands: Received[] = [];
  readonly subscriptions: { clientId: string; topic: string }[] = [];
  readonly connects: string[] = [];
  /** Device id → secret key. */
  readonly secrets = new Map<string, string>();
  /** Device id → thing (absent: no thing, answered with an empty id). */
  readonly bindings = new Map<string, FakeThing>();
  /** When true, commands are recorded but not answered. */
  silent = false;
  /** When true, subscriptions are never granted nor refused: the SUBACK stays unsent. */
  stallSubscriptions = false;
  /** Client ids whose subscription was stalled. */
  readonly stalled: string[] = [];
  url = '';
  private server: Server | undefined;

  private constructor(readonly broker: Aedes) {
    super();
  }

  static async start(): Promise<FakeCloud> {
    const broker = await Aedes.createBroker({
      authenticate: (client, username, password, done) => {
        const ok = username === client.id && cloud.secrets.get(client.id) === password?.toString();
        if (ok) done(null, true);
        else done(Object.assign(new Error('bad credentials'), { returnCode: 4 }), false);
      },
      authorizeSubscribe: (client, sub, done) => {
        if (!cloud.stallSubscriptions) done(null, sub);
        else if (client) cloud.stalled.push(client.id);
      },
    });
    const cloud = new FakeCloud(broker);
    broker.on('client', (client) => cloud.connects.push(client.id));
    broker.on('subscribe', (subs, client) => {
      for (const s of subs) cloud.subscriptions.push({ clientId: client.id, topic: s.topic });
    });
    broker.on('publish', (packet, client) => {
      if (client) cloud.onPublish(packet);
    });
    cloud.server = createServer(broker.handle);
    await new Promise<void>((resolve) => cloud.server?.listen(0, '127.0.0.1', resolve));
    const address = cloud.server.address();
    cloud.url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return cloud;
  }

  async close() {
    await new Promise<void>((resolve) => this.broker.close(() => resolve()));
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Closes a device's connection from the broker's side, as when its key is revoked. */
  disconnect(deviceId: string) {
    // Aedes keeps its connected clients by id, a field its types leave out.
    const clients = (this.broker as unknown as { clients: Record<string, Client> }).clients;
    clients[deviceId]?.close();
  }

  send(deviceId: string, command: Command) {
    this.publish(TOPICS.commandsDown(deviceId), encodeCommand(command));
  }

  /** Writes values to a thing on its e/i topic, as the API or a dashboard would. */
  write(thing: FakeThing, values: Record<string, unknown>) {
    const records = Object.entries(values).flatMap(([name, value]) =>
      valueToRecords(name, thing.types.get(name) as string, value),
    );
    this.publish(TOPICS.thingIn(thing.id), encodeSenml(records, { indefinite: false }));
  }

  publish(topic: string, payload: Uint8Array) {
    this.broker.publish(
      { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false },
      () => {},
    );
  }

  private onPublish(packet: AedesPublishPacket) {
    const up = /^\/a\/d\/([^/]+)\/c\/up$/.exec(packet.topic);
    const out = /^\/a\/t\/([^/]+)\/e\/o$/.exec(packet.topic);
    const bytes = new Uint8Array(packet.payload as Buffer);
    if (up?.[1]) {
      const deviceId = up[1];
      const command = decodeCommand(bytes);
      this.commands.push({ deviceId, command });
      this.emit('command', { deviceId, command });
      if (!this.silent) this.answer(deviceId, command);
    } else if (out?.[1]) {
      const thingId = out[1];
      const thing = [...this.bindings.values()].find((t) => t.id === thingId);
      const { values, errors } = recordsToValues(decodeSenml(bytes), thing?.types ?? new Map());
      this.emit('values', { thingId, values, errors, qos: packet.qos, bytes });
    }
  }

  private answer(deviceId: string, command: Command) {
    const thing = this.bindings.get(deviceId);
    if (command.type === 'ThingBegin') this.send(deviceId, { type: 'ThingUpdate', thingId: thing?.id ?? '' });
    if (command.type === 'LastValuesBegin' && thing) {
      const records = [...thing.lastValues].flatMap(([name, value]) =>
        valueToRecords(name, thing.types.get(name) as string, value, Date.now()),
      );
      records.push(
        { name: 'tz_offset', value: 3600, numberFormat: 'integer' },
        { name: 'tz_dst_until', value: Math.floor(Date.now() / 1000) + 86400, numberFormat: 'integer' },
      );
      this.send(deviceId, { type: 'LastValuesUpdate', senml: encodeSenml(records, { indefinite: false }) });
    }
  }
}

export type ValuesEvent = {
  thingId: string;
  values: PropertyValue[];
  errors: { name: string; reason: string }[];
  qos: number;
  bytes: Uint8Array;
};
