import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { endConnection } from '@tinkercloud/device-protocol/simulator';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import {
  iotActions,
  iotTriggerFirings,
  iotTriggers,
  mailOutbox,
  memberships,
} from '../../../db/schema/index.ts';
import { mqttFixtures } from '../../connectivity/testing/mqtt-fixtures.ts';
import { FIRINGS_KEPT } from './firing.repository.ts';

let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
beforeAll(async () => {
  t = await createTestApp({ TRIGGER_MIN_INTERVAL_SECONDS: '0' }, { broker: true });
  f = mqttFixtures(t);
});
afterEach(() => f?.closeAll());
afterAll(() => t?.close());

const mailsTo = async (app: TestApp, email: string) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );

async function notificationsOf(app: TestApp, userId: string, space?: string) {
  const res = await mqttFixtures(app).call(userId, 'GET', '/notifications', undefined, { space });
  expect(res.statusCode).toBe(200);
  return (
    res.json().notifications as { kind: string; title: string; body: string; data: Record<string, unknown> }[]
  )
    .filter((n) => n.kind === 'trigger')
    .reverse();
}

const emailAction = (to: string[], subject: string, body: string) => ({
  name: 'Mail',
  kind: 'NOTIFY-EMAIL',
  email: {
    subject: {
      expression: subject,
      variables: [{ placeholder: 'v', entity: 'PROPERTY', attribute: 'VALUE' }],
    },
    body: { expression: body },
    delivery: { to: to.map((id) => ({ id })) },
  },
});
const pushAction = (to: string, title: string, body: string) => ({
  name: 'Push',
  kind: 'NOTIFY-PUSH',
  push_notification: {
    title: { expression: title },
    body: { expression: body },
    delivery: { to: [{ id: to }] },
  },
});

async function createTrigger(userId: string, body: Record<string, unknown>, space?: string) {
  const res = await f.call(userId, 'PUT', '/iot/v1/triggers', body, { space });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

/** Property ids by name (throws for a name the thing does not have). */
function idsOf(thing: { properties?: { id: string; name: string }[] }) {
  const byName = new Map((thing.properties ?? []).map((p) => [p.name, p.id]));
  return (name: string) => {
    const id = byName.get(name);
    if (!id) throw new Error(`no property ${name}`);
    return id;
  };
}

/** A user with a plan allowing triggers, a device with a key, and a thing bound to it. */
async function setup(properties: { name: string; type: string }[]) {
  const user = await t.createUser();
  await f.grantPlan(user.id, 'create-maker');
  const device = await f.deviceWithKey(user.id);
  const thing = await f.thingWith(user.id, properties, { deviceId: device.id });
  return { user, device, thing, id: idsOf(thing) };
}

const publish = (userId: string, thingId: string, propertyId: string, value: unknown, space?: string) =>
  f.call(userId, 'PUT', `/iot/v2/things/${thingId}/properties/${propertyId}/publish`, { value }, { space });

const settled = () => t.app.triggerFiring.settled();

/**
 * Until the device shows online: its session began. A device that leaves while its record is still being read
 * never goes online, so it would never go offline either.
 */
const online = (userId: string, deviceId: string) =>
  expect
    .poll(async () => (await f.call(userId, 'GET', `/iot/v2/devices/${deviceId}`)).json().device_status)
    .toBe('ONLINE');

/** Leaves with a DISCONNECT, bounded should the broker never close the connection. */
const leave = (client: MqttClient) => endConnection(client, 5_000);

describe('trigger firing', () => {
  it('fires when a device value published over MQTT crosses the condition: one mail, one notification', async () => {
    const s = await setup([{ name: 'temp', type: 'FLOAT' }]);
    await createTrigger(s.user.id, {
      name: 'Too hot',
      property_id: s.id('temp'),
      condition: { operator: 'GT', value: 30 },
      actions: [
        emailAction([s.user.id], 'Hot: {{v}}', '{{thing.name}} reads {{property.value}} ({{trigger.name}}).'),
        pushAction(s.user.id, '{{property.name}} is {{property.value}}', 'Check {{thing.name}}'),
      ],
    });
    const client = await f.connectDevice(s.device);
    const send = (value: number) =>
      client.publishAsync(
        `/a/t/${s.thing.id}/e/o`,
        Buffer.from(encodeSenml(valueToRecords('temp', 'FLOAT', value))),
        {
          qos: 1,
        },
      );

    await send(25);
    await settled();
    expect(await mailsTo(t, s.user.email)).toEqual([]);

    await send(31.5);
    await settled();
    const mails = await mailsTo(t, s.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Hot: 31.5', text: 'Thing reads 31.5 (Too hot).' });
    const pushed = await notificationsOf(t, s.user.id);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ title: 'temp is 31.5', body: 'Check Thing' });
    expect(pushed[0]?.data).toMatchObject({ property_id: s.id('temp'), value: 31.5, thing_id: s.thing.id });

    // Still above: no new firing. Below, then above again: fires again.
    await send(33);
    await settled();
    expect(await mailsTo(t, s.user.email)).toHaveLength(1);
    await send(20);
    await send(40);
    await settled();
    expect((await mailsTo(t, s.user.email)).map((m) => m.subject)).toEqual(['Hot: 31.5', 'Hot: 40']);
    expect(await notificationsOf(t, s.user.id)).toHaveLength(2);
  });

  it('fires on values published through the API, with values escaped in the HTML mail', async () => {
    const s = await setup([
      { name: 'msg', type: 'CHARSTRING' },
      { name: 'door', type: 'STATUS' },
    ]);
    await createTrigger(s.user.id, {
      name: 'Alarm text',
      property_id: s.id('msg'),
      condition: { operator: 'CONTAINS', value: 'alarm' },
      actions: [emailAction([s.user.id], 'Message {{v}}', 'Got: {{property.value}}\nBye')],
    });
    await createTrigger(s.user.id, {
      name: 'Door',
      property_id: s.id('door'),
      actions: [pushAction(s.user.id, 'Door opened', 'at {{property.timestamp}}')],
    });
    expect((await publish(s.user.id, s.thing.id, s.id('msg'), 'all quiet')).statusCode).toBe(200);
    expect(
      (await publish(s.user.id, s.thing.id, s.id('msg'), '<b onclick="x()">alarm</b>\r\nBcc: x@y'))
        .statusCode,
    ).toBe(200);
    // A boolean trigger fires when the value becomes true (its default condition), also through
    // PUT /iot/v2/devices/{id}/properties.
    const put = await f.call(s.user.id, 'PUT', `/iot/v2/devices/${s.device.id}/properties`, {
      properties: [{ name: 'door', value: true }],
    });
    expect(put.statusCode, put.body).toBe(200);
    await settled();
    const mails = await mailsTo(t, s.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.text).toBe('Got: <b onclick="x()">alarm</b>\r\nBcc: x@y\nBye');
    expect(mail?.subject).toBe('Message <b onclick="x()">alarm</b> Bcc: x@y');
    expect(mail?.html).not.toMatch(/<b[ >]|<\/b>|onclick="/);
    expect(mail?.html).toContain('&lt;b onclick=&quot;x()&quot;&gt;alarm&lt;/b&gt;');
    const pushed = await notificationsOf(t, s.user.id);
    expect(pushed.map((n) => n.title)).toEqual(['Door opened']);
  });

  it('does nothing while inactive, and fires once turned on', async () => {
    const s = await setup([{ name: 'level', type: 'INT' }]);
    const trigger = await createTrigger(s.user.id, {
      name: 'Level',
      active: false,
      property_id: s.id('level'),
      condition: { operator: 'GTE', value: 10 },
      actions: [emailAction([s.user.id], 'Level {{v}}', 'x')],
    });
    await publish(s.user.id, s.thing.id, s.id('level'), 12);
    await settled();
    expect(await mailsTo(t, s.user.email)).toEqual([]);
    const on = await f.call(s.user.id, 'PATCH', `/iot/v1/triggers/${trigger.id}`, { active: true });
    expect(on.statusCode).toBe(200);
    await publish(s.user.id, s.thing.id, s.id('level'), 13);
    await settled();
    expect((await mailsTo(t, s.user.email)).map((m) => m.subject)).toEqual(['Level 13']);
  });

  it('fires on every new value with CHANGED (the default for numbers)', async () => {
    const s = await setup([{ name: 'count', type: 'INT' }]);
    await createTrigger(s.user.id, {
      name: 'Count',
      property_id: s.id('count'),
      actions: [emailAction([s.user.id], 'Count {{v}}', 'x')],
    });
    for (const v of [1, 2, 3]) await publish(s.user.id, s.thing.id, s.id('count'), v);
    await settled();
    // One mail per value; mails of one evaluation leave together, so their order in the outbox is not fixed.
    const subjects = (await mailsTo(t, s.user.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Count 1', 'Count 2', 'Count 3']);
  });

  it('lists its recent firings, newest first, keeps the last 100, and shows them to its space only', async () => {
    const s = await setup([{ name: 'count', type: 'INT' }]);
    const trigger = await createTrigger(s.user.id, {
      name: 'Count',
      property_id: s.id('count'),
      actions: [pushAction(s.user.id, 'Count', 'x')],
    });
    for (const v of [1, 2, 3]) await publish(s.user.id, s.thing.id, s.id('count'), v);
    await settled();
    const res = await f.call(s.user.id, 'GET', `/iot/v1/triggers/${trigger.id}/firings`);
    expect(res.statusCode).toBe(200);
    const { firings } = res.json() as {
      firings: { fired_at: string; source: { property?: { value?: unknown } } }[];
    };
    expect(firings.map((x) => x.source.property?.value)).toEqual([3, 2, 1]);
    expect(firings[0]?.source).toMatchObject({
      property: { id: s.id('count'), name: 'count', value: 3 },
      thing: { id: s.thing.id },
    });
    expect(Date.parse(firings[0]?.fired_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Only the newest FIRINGS_KEPT stay.
    await t.db.insert(iotTriggerFirings).values(
      Array.from({ length: FIRINGS_KEPT }, (_, i) => ({
        triggerId: trigger.id,
        firedAt: new Date(Date.now() - 3_600_000 + i),
        source: { old: i },
      })),
    );
    await publish(s.user.id, s.thing.id, s.id('count'), 4);
    await settled();
    const kept = (await f.call(s.user.id, 'GET', `/iot/v1/triggers/${trigger.id}/firings`)).json() as {
      firings: { source: { property?: { value?: unknown } } }[];
    };
    expect(kept.firings).toHaveLength(FIRINGS_KEPT);
    expect(kept.firings.slice(0, 4).map((x) => x.source.property?.value)).toEqual([4, 3, 2, 1]);
    expect(kept.firings.at(-1)?.source).toEqual({ old: 4 });
    // Another user: as if the trigger did not exist.
    const stranger = await t.createUser();
    expect((await f.call(stranger.id, 'GET', `/iot/v1/triggers/${trigger.id}/firings`)).statusCode).toBe(404);
  });

  it('fires a device status trigger when the device disconnects (DISCONNECTED only)', async () => {
    const s = await setup([{ name: 'temp', type: 'FLOAT' }]);
    await createTrigger(s.user.id, {
      name: 'Offline',
      device_status_source: { criteria: 'INCLUDE', device_ids: [s.device.id] },
      condition: { operator: 'DISCONNECTED' },
      actions: [
        {
          ...emailAction([s.user.id], '{{device.name}} is {{device.status}}', 'Thing {{thing.name}}'),
        },
      ],
    });
    const client = await f.connectDevice(s.device);
    await online(s.user.id, s.device.id);
    await settled();
    expect(await mailsTo(t, s.user.email)).toEqual([]);
    await leave(client);
    await expect.poll(async () => (await mailsTo(t, s.user.email)).length).toBe(1);
    const [mail] = await mailsTo(t, s.user.email);
    const name = (await f.call(s.user.id, 'GET', `/iot/v2/devices/${s.device.id}`)).json().name;
    expect(mail?.subject).toBe(`${name} is OFFLINE`);
    expect(mail?.text).toBe('Thing Thing');
  });

  it('waits for the grace period and fires only if the device is still offline', async () => {
    const s = await setup([{ name: 'temp', type: 'FLOAT' }]);
    await createTrigger(s.user.id, {
      name: 'Offline a while',
      // Long enough that the check below surely comes before it ends, even on a busy machine.
      device_status_source: { criteria: 'EXCLUDE', device_ids: [], grace_period_offline: 5 },
      condition: { operator: 'DISCONNECTED' },
      actions: [emailAction([s.user.id], '{{device.name}} gone', 'x')],
    });
    const client = await f.connectDevice(s.device);
    await online(s.user.id, s.device.id);
    await leave(client);
    await settled();
    // The decision comes after the grace period: nothing yet.
    expect(await mailsTo(t, s.user.email)).toEqual([]);
    // Generous: on a busy machine the grace timer, its check and the mail queue behind other work.
    await expect.poll(async () => (await mailsTo(t, s.user.email)).length, { timeout: 30_000 }).toBe(1);
  });

  it('does not fire when the device is back before the grace period ends', async () => {
    const s = await setup([{ name: 'temp', type: 'FLOAT' }]);
    for (const [name, edge] of [
      ['gone', 'DISCONNECTED'],
      ['back', 'CONNECTED'],
    ] as const) {
      await createTrigger(s.user.id, {
        name,
        device_status_source: {
          criteria: 'INCLUDE',
          device_ids: [s.device.id],
          // Long enough for the device to be back before the first one ends, even on a busy machine; the same
          // for both, so the reconnection's grace period ends last.
          grace_period_offline: 5,
          grace_period_online: 5,
        },
        condition: { operator: edge },
        actions: [emailAction([s.user.id], name, 'x')],
      });
    }
    const first = await f.connectDevice(s.device);
    await expect.poll(async () => (await mailsTo(t, s.user.email)).length, { timeout: 30_000 }).toBe(1);
    await leave(first);
    await f.connectDevice(s.device);
    // The reconnection's own grace period started after the disconnection's: once it fired, the other has
    // ended too, and found the device back.
    await expect.poll(async () => (await mailsTo(t, s.user.email)).length, { timeout: 30_000 }).toBe(2);
    await settled();
    expect((await mailsTo(t, s.user.email)).map((m) => m.subject)).toEqual(['back', 'back']);
  });

  it('mails only members of the space: not an outsider written into the action, not a member who left', async () => {
    const { space: team, admin: owner, editor: member } = await f.team({ planId: 'cloud-enterprise' });
    const outsider = await t.createUser();
    const device = await f.device(owner.id, {}, team.id);
    const thing = await f.thingWith(owner.id, [{ name: 'temp', type: 'FLOAT' }], {
      deviceId: device.id,
      space: team.id,
    });
    const pid = (thing.properties ?? [])[0]?.id as string;
    const trigger = await createTrigger(
      owner.id,
      {
        name: 'Team alert',
        property_id: pid,
        actions: [
          emailAction([owner.id, member.id], 'Team {{v}}', 'Hello {{recipient.username}}'),
          pushAction(member.id, 'Team push', 'x'),
        ],
      },
      team.id,
    );
    // Written past the API (which refuses outsiders): firing checks membership again.
    const [action] = await t.db.select().from(iotActions).where(eq(iotActions.triggerId, trigger.id));
    const email = action?.email as { delivery: { to: { id: string }[] } };
    email.delivery.to.push({ id: outsider.id });
    await t.db
      .update(iotActions)
      .set({ email })
      .where(eq(iotActions.id, action?.id as string));

    await publish(owner.id, thing.id, pid, 1, team.id);
    await settled();
    expect((await mailsTo(t, owner.email)).map((m) => m.text)).toEqual([`Hello ${owner.username}`]);
    expect((await mailsTo(t, member.email)).map((m) => m.text)).toEqual([`Hello ${member.username}`]);
    expect(await mailsTo(t, outsider.email)).toEqual([]);
    expect(await notificationsOf(t, member.id, team.id)).toHaveLength(1);

    await t.db
      .delete(memberships)
      .where(and(eq(memberships.organizationId, team.id), eq(memberships.userId, member.id)));
    await publish(owner.id, thing.id, pid, 2, team.id);
    await settled();
    expect(await mailsTo(t, owner.email)).toHaveLength(2);
    expect(await mailsTo(t, member.email)).toHaveLength(1);
    expect(await mailsTo(t, outsider.email)).toEqual([]);
    expect(await notificationsOf(t, member.id)).toHaveLength(1);
  });

  it("never fires another space's trigger for this space's values", async () => {
    const s = await setup([{ name: 'temp', type: 'FLOAT' }]);
    const other = await t.createUser();
    await f.grantPlan(other.id, 'create-maker');
    const trigger = await createTrigger(s.user.id, {
      name: 'Moved away',
      property_id: s.id('temp'),
      actions: [emailAction([s.user.id], 'Temp {{v}}', 'x')],
    });
    // A trigger row of another space naming this property (the API would refuse it): the space check at
    // firing keeps it silent.
    await t.db.update(iotTriggers).set({ ownerUserId: other.id }).where(eq(iotTriggers.id, trigger.id));
    await publish(s.user.id, s.thing.id, s.id('temp'), 5);
    await settled();
    expect(await mailsTo(t, s.user.email)).toEqual([]);
    expect(await mailsTo(t, other.email)).toEqual([]);
  });

  it('fires once when another process (same database) created the trigger, in the process that stored the value', async () => {
    const second = await createTestApp({ TRIGGER_MIN_INTERVAL_SECONDS: '0' }, { database: t.database });
    try {
      const s = await setup([{ name: 'temp', type: 'FLOAT' }]);
      const g = mqttFixtures(second);
      const res = await g.call(s.user.id, 'PUT', '/iot/v1/triggers', {
        name: 'Made elsewhere',
        property_id: s.id('temp'),
        condition: { operator: 'LT', value: 0 },
        actions: [emailAction([s.user.id], 'Frost {{v}}', 'x')],
      });
      expect(res.statusCode).toBe(201);
      // This process learns of the new trigger from the database's trigger generation.
      await expect
        .poll(
          async () => {
            await publish(s.user.id, s.thing.id, s.id('temp'), -1);
            await publish(s.user.id, s.thing.id, s.id('temp'), 5);
            await settled();
            return (await mailsTo(t, s.user.email)).length;
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      await second.app.triggerFiring.settled();
      const mails = await mailsTo(t, s.user.email);
      expect(new Set(mails.map((m) => m.subject))).toEqual(new Set(['Frost -1']));
      // Each stored crossing fired exactly once, not once per process.
      const crossings = mails.length;
      await publish(s.user.id, s.thing.id, s.id('temp'), -2);
      await settled();
      await second.app.triggerFiring.settled();
      expect(await mailsTo(t, s.user.email)).toHaveLength(crossings + 1);
    } finally {
      await second.close();
    }
  });
});

describe('trigger rate limit', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ TRIGGER_MIN_INTERVAL_SECONDS: '3600' });
  });
  afterAll(() => r?.close());

  it('fires a trigger at most once per TRIGGER_MIN_INTERVAL_SECONDS, however many values arrive', async () => {
    const g = mqttFixtures(r);
    const user = await r.createUser();
    await g.grantPlan(user.id, 'create-maker');
    const thing = await g.thingWith(user.id, [
      { name: 'count', type: 'INT' },
      { name: 'other', type: 'INT' },
    ]);
    const id = idsOf(thing);
    for (const name of ['count', 'other']) {
      const res = await g.call(user.id, 'PUT', '/iot/v1/triggers', {
        name,
        property_id: id(name),
        actions: [emailAction([user.id], `${name} {{v}}`, 'x')],
      });
      expect(res.statusCode).toBe(201);
    }
    for (let i = 1; i <= 20; i += 1) {
      await g.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties/${id('count')}/publish`, {
        value: i,
      });
    }
    await g.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties/${id('other')}/publish`, {
      value: 7,
    });
    await r.app.triggerFiring.settled();
    // One firing per trigger: the limit is per trigger, not per space.
    expect((await mailsTo(r, user.email)).map((m) => m.subject).sort()).toEqual(['count 1', 'other 7']);
  });
});
