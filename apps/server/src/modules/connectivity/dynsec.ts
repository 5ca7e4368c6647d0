import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';

const CONTROL = '$CONTROL/dynamic-security/v1';
const TIMEOUT_MS = 10_000;

type Acl = { acltype: string; topic: string; allow: boolean; priority?: number };
type DynsecCommand = { command: string } & Record<string, unknown>;
type DynsecResponse = { command: string; error?: string; correlationData?: string; data?: unknown };

const deviceRole = (deviceId: string) => `tc-device-${deviceId}`;
const thingRole = (thingId: string) => `tc-thing-${thingId}`;

/** ACLs of a device's own topics: it sends on c/up and legacy e/o, receives c/dw and legacy e/i. */
function deviceAcls(deviceId: string): Acl[] {
  const d = `/a/d/${deviceId}`;
  return [
    ...[`${d}/c/up`, `${d}/e/o`].map((topic) => ({ acltype: 'publishClientSend', topic, allow: true })),
    ...[`${d}/c/dw`, `${d}/e/i`].flatMap((topic) => [
      { acltype: 'subscribeLiteral', topic, allow: true },
      { acltype: 'publishClientReceive', topic, allow: true },
    ]),
  ];
}

/** ACLs of a thing's topics, given to the device bound to it: values out, writes in (and legacy shadow). */
function thingAcls(thingId: string): Acl[] {
  const t = `/a/t/${thingId}`;
  return [
    ...[`${t}/e/o`, `${t}/shadow/o`].map((topic) => ({ acltype: 'publishClientSend', topic, allow: true })),
    ...[`${t}/e/i`, `${t}/shadow/i`].flatMap((topic) => [
      { acltype: 'subscribeLiteral', topic, allow: true },
      { acltype: 'publishClientReceive', topic, allow: true },
    ]),
  ];
}

/**
 * Mosquitto's dynamic-security plugin, driven over MQTT: commands on `$CONTROL/dynamic-security/v1`, answers
 * (matched by correlation data) on its `/response` topic. Devices become clients (user name and client id =
 * device id, password = secret key) with a role for their own topics and, while bound, the role of their thing.
 */
export function createDynsec(deps: { client: MqttClient; logger: FastifyBaseLogger }) {
  const waiting = new Map<string, (r: DynsecResponse) => void>();
  deps.client.subscribe(`${CONTROL}/response`, { qos: 1 });
  deps.client.on('message', (topic, payload) => {
    if (topic !== `${CONTROL}/response`) return;
    let body: { responses?: DynsecResponse[] };
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    for (const r of body.responses ?? []) {
      const resolve = r.correlationData ? waiting.get(r.correlationData) : undefined;
      if (resolve) {
        waiting.delete(r.correlationData as string);
        resolve(r);
      }
    }
  });

  /** Runs the commands in order; resolves with each one's response (an `error` is not thrown). */
  async function run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const tagged = commands.map((c) => ({ ...c, correlationData: randomUUID() }));
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(c.correlationData);
            reject(new Error(`no answer from the dynamic-security plugin to ${c.command}`));
          }, TIMEOUT_MS);
          waiting.set(c.correlationData, (r) => {
            clearTimeout(timer);
            resolve(r);
          });
        }),
    );
    // Handled from now on: an answer may time out while the publish itself still waits for its PUBACK (a busy
    // broker), and an unhandled rejection would end the process.
    const all = Promise.all(answers);
    all.catch(() => undefined);
    await deps.client.publishAsync(CONTROL, JSON.stringify({ commands: tagged }), { qos: 1 });
    return all;
  }

  const tolerated = (r: DynsecResponse, ...errors: RegExp[]) =>
    !r.error || errors.some((e) => e.test(r.error ?? ''));

  function check(responses: DynsecResponse[], ...allowed: RegExp[]) {
    for (const r of responses) {
      if (!tolerated(r, ...allowed)) throw new Error(`dynamic security ${r.command}: ${r.error}`);
    }
  }

  return {
    run,

    /** Clients may do only what their roles allow (the server's own client has its own role). */
    async denyByDefault() {
      check(
        await run([
          {
            command: 'setDefaultACLAccess',
            acls: [
              { acltype: 'publishClientSend', allow: false },
              { acltype: 'publishClientReceive', allow: false },
              { acltype: 'subscribe', allow: false },
            ],
          },
        ]),
      );
    },

    /**
     * Makes the broker's view of one device match ours: its client (with `secret` when given), its own role,
     * and its thing's role while it is bound to one.
     */
    async syncDevice(deviceId: string, opts: { thingId: string | null; secret?: string }) {
      const roles = [{ rolename: deviceRole(deviceId) }];
      const commands: DynsecCommand[] = [
        { command: 'createRole', rolename: deviceRole(deviceId), acls: deviceAcls(deviceId) },
      ];
      if (opts.thingId) {
        roles.push({ rolename: thingRole(opts.thingId) });
        commands.push({
          command: 'createRole',
          rolename: thingRole(opts.thingId),
          acls: thingAcls(opts.thingId),
        });
      }
      check(await run(commands), /already exists/i);
      if (opts.secret !== undefined) {
        const [created] = await run([
          { command: 'createClient', username: deviceId, clientid: deviceId, password: opts.secret, roles },
        ]);
        if (created && !tolerated(created, /already exists/i))
          throw new Error(`dynamic security: ${created.error}`);
        if (created?.error) {
          check(
            await run([
              { command: 'setClientPassword', username: deviceId, password: opts.secret },
              { command: 'modifyClient', username: deviceId, roles },
              // A key set admits the device, even were its client left disabled (a restore that failed).
              { command: 'enableClient', username: deviceId },
            ]),
          );
        }
        return;
      }
      // No key known here: only the roles change (a client without a key set through us does not exist).
      check(await run([{ command: 'modifyClient', username: deviceId, roles }]), /not found/i);
    },

    /** The device's client may log in no more (Mosquitto ends its connection); it keeps its key and roles. */
    async disableDevice(deviceId: string) {
      check(await run([{ command: 'disableClient', username: deviceId }]), /not found/i);
    },

    /** The device's client may log in again (a client without a key set through us does not exist). */
    async enableDevice(deviceId: string) {
      check(await run([{ command: 'enableClient', username: deviceId }]), /not found/i);
    },

    async deleteDevice(deviceId: string) {
      check(
        await run([
          { command: 'deleteClient', username: deviceId },
          { command: 'deleteRole', rolename: deviceRole(deviceId) },
        ]),
        /not found/i,
      );
    },
  };
}
export type Dynsec = ReturnType<typeof createDynsec>;
