import { connectAsync } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { useEmbeddedBroker } from './testing/embedded-broker-fixture.ts';
import { closed, storedPoints, subscribeCodes } from './testing/mqtt-fixtures.ts';

const broker = useEmbeddedBroker();

const REFUSED = 128;

describe('MQTT authentication', () => {
  it('refuses a wrong secret key, an unknown device, no credentials and a client id that is not the device', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    expect(
      await broker.f.refusal({ clientId: device.id, username: device.id, password: 'not-the-key' }),
    ).toBe(4);
    const unknown = '0b7a3f5e-1d2c-4b6a-9e8f-123456789abc';
    expect(await broker.f.refusal({ clientId: unknown, username: unknown, password: device.secret })).toBe(4);
    expect(await broker.f.refusal({ clientId: device.id })).toBe(5);
    expect(await broker.f.refusal({ clientId: 'other', username: device.id, password: device.secret })).toBe(
      2,
    );
    expect(await broker.f.refusal({ clientId: 'x', username: 'not-a-uuid', password: 'secret' })).toBe(4);
    const client = await broker.f.connectDevice(device);
    expect(client.connected).toBe(true);
  });

  it('refuses a device without a key, and a deleted device', async () => {
    const user = await broker.t.createUser();
    const bare = await broker.f.device(user.id, { type: 'login_and_secretkey_wifi' });
    expect(
      await broker.f.refusal({ clientId: bare.id, username: bare.id, password: 'anything-at-all' }),
    ).toBe(4);
    const device = await broker.f.deviceWithKey(user.id);
    expect((await broker.f.call(user.id, 'DELETE', `/iot/v2/devices/${device.id}`)).statusCode).toBe(200);
    expect(
      await broker.f.refusal({ clientId: device.id, username: device.id, password: device.secret }),
    ).toBe(4);
  });

  it('disconnects a connected device when it is deleted', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const client = await broker.f.connectDevice(device);
    const gone = closed(client);
    expect((await broker.f.call(user.id, 'DELETE', `/iot/v2/devices/${device.id}`)).statusCode).toBe(200);
    await gone;
  });

  it('accepts an application with its access token; refuses a token for another user name or a forged one', async () => {
    const user = await broker.t.createUser();
    const other = await broker.t.createUser();
    const token = await broker.t.tokenFor(user.id);
    const app = await broker.f.connect({ clientId: user.id, username: user.id, password: token });
    expect(app.connected).toBe(true);
    expect(await broker.f.refusal({ clientId: other.id, username: other.id, password: token })).toBe(4);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await broker.f.refusal({ clientId: user.id, username: user.id, password: forged })).toBe(4);
  });

  it('answers a login registration (needed by an external broker only) and keeps the token working', async () => {
    const user = await broker.t.createUser();
    const token = await broker.t.tokenFor(user.id);
    const res = await broker.t.app.inject({
      method: 'PUT',
      url: '/iot/v2/mqtt/login',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.id, client_id: user.id });
    const app = await broker.f.connect({ clientId: `${user.id}-x`, username: user.id, password: token });
    expect(app.connected).toBe(true);
  });
});

describe('MQTT topic rules for devices', () => {
  it('lets a device subscribe its own topics and its thing, nothing of another device or thing', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const other = await broker.f.deviceWithKey(user.id);
    const thing = await broker.f.thingWith(user.id, [{ name: 'temperature', type: 'FLOAT' }], {
      deviceId: device.id,
    });
    const otherThing = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }], {
      deviceId: other.id,
    });
    const client = await broker.f.connectDevice(device);
    expect(await subscribeCodes(client, `/a/d/${device.id}/c/dw`)).toEqual([1]);
    expect(await subscribeCodes(client, `/a/t/${thing.id}/e/i`)).toEqual([1]);
    expect(await subscribeCodes(client, `/a/d/${other.id}/c/dw`)).toEqual([REFUSED]);
    expect(await subscribeCodes(client, `/a/t/${otherThing.id}/e/i`)).toEqual([REFUSED]);
    expect(await subscribeCodes(client, `/a/t/${otherThing.id}/e/o`)).toEqual([REFUSED]);
    expect(await subscribeCodes(client, `/a/t/${thing.id}/e/o`)).toEqual([REFUSED]);
    expect(await subscribeCodes(client, '/a/d/+/c/dw')).toEqual([REFUSED]);
    expect(await subscribeCodes(client, '#')).toEqual([REFUSED]);
    expect(await subscribeCodes(client, '$SYS/#')).toEqual([REFUSED]);
    expect(await subscribeCodes(client, '$tinkercloud/#')).toEqual([REFUSED]);
    // Refusals leave the connection up.
    expect(client.connected).toBe(true);
  });

  it("closes the connection of a device publishing on another device's or another thing's topic; nothing is stored", async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const other = await broker.f.deviceWithKey(user.id);
    const otherThing = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }], {
      deviceId: other.id,
    });
    const victimSubscriber = await broker.f.connectDevice(other);
    await victimSubscriber.subscribeAsync(`/a/d/${other.id}/c/dw`);
    const received: string[] = [];
    victimSubscriber.on('message', (topic) => received.push(topic));

    const a = await broker.f.connectDevice(device);
    const gone = closed(a);
    a.publish(`/a/t/${otherThing.id}/e/o`, Buffer.from([0x81, 0xa2, 0x00, 0x61, 0x78, 0x02, 0x01]), {
      qos: 1,
    });
    await gone;
    const b = await broker.f.connectDevice(device);
    const goneB = closed(b);
    b.publish(`/a/d/${other.id}/c/up`, Buffer.from([0xda, 0x00, 0x01, 0x05, 0x00, 0x80]), { qos: 1 });
    await goneB;
    const c = await broker.f.connectDevice(device);
    const goneC = closed(c);
    c.publish('$SYS/anything', 'x', { qos: 0 });
    await goneC;

    const prop = (otherThing.properties ?? [])[0];
    expect(await storedPoints(broker.t.db, prop?.id)).toEqual([]);
    expect(received).toEqual([]);
  });

  it('drops the old thing once the device is bound to another one', async () => {
    const user = await broker.t.createUser();
    const device = await broker.f.deviceWithKey(user.id);
    const first = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }], { deviceId: device.id });
    const client = await broker.f.connectDevice(device);
    expect(await subscribeCodes(client, `/a/t/${first.id}/e/i`)).toEqual([1]);
    const second = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }]);
    const moved = await broker.f.call(user.id, 'POST', `/iot/v2/things/${second.id}?force=true`, {
      device_id: device.id,
    });
    expect(moved.statusCode).toBe(200);
    await expect.poll(async () => subscribeCodes(client, `/a/t/${first.id}/e/i`)).toEqual([REFUSED]);
    expect(await subscribeCodes(client, `/a/t/${second.id}/e/i`)).toEqual([1]);
  });
});

describe('MQTT topic rules for applications', () => {
  it("lets an application subscribe e/o of its own and its spaces' things, not of another space", async () => {
    const user = await broker.t.createUser();
    const stranger = await broker.t.createUser();
    const mine = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }]);
    const theirs = await broker.f.thingWith(stranger.id, [{ name: 'x', type: 'INT' }]);
    const team = await broker.f.space('pro', [[user.id, 'role:pro-editor']], { planId: 'cloud-enterprise' });
    const teamThing = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }], { space: team.id });
    const otherTeam = await broker.f.space('pro', [[stranger.id, 'role:pro-admin']], {
      planId: 'cloud-enterprise',
    });
    const otherTeamThing = await broker.f.thingWith(stranger.id, [{ name: 'x', type: 'INT' }], {
      space: otherTeam.id,
    });

    const app = await broker.f.connect({
      clientId: user.id,
      username: user.id,
      password: await broker.t.tokenFor(user.id),
    });
    expect(await subscribeCodes(app, `/a/t/${mine.id}/e/o`)).toEqual([1]);
    expect(await subscribeCodes(app, `/a/t/${teamThing.id}/e/o`)).toEqual([1]);
    expect(await subscribeCodes(app, `/a/t/${theirs.id}/e/o`)).toEqual([REFUSED]);
    expect(await subscribeCodes(app, `/a/t/${otherTeamThing.id}/e/o`)).toEqual([REFUSED]);
    expect(await subscribeCodes(app, `/a/t/${mine.id}/e/i`)).toEqual([REFUSED]);
    expect(await subscribeCodes(app, '/a/t/+/e/o')).toEqual([REFUSED]);

    const gone = closed(app);
    app.publish(`/a/t/${otherTeamThing.id}/e/i`, Buffer.from([0x80]), { qos: 1 });
    await gone;
  });

  it('takes a client-credentials token, limited to the space its key was made for', async () => {
    const user = await broker.t.createUser();
    await broker.f.grantPlan(user.id);
    const mine = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }]);
    const team = await broker.f.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const teamThing = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }], { space: team.id });
    const key = (
      await broker.f.call(user.id, 'POST', '/iot/v1/clients', { name: 'mqtt' }, { space: team.id })
    ).json();
    const res = await broker.t.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: key.client_id,
        client_secret: key.client_secret,
        audience: 'https://api2.arduino.cc/iot',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const app = await broker.f.connect({
      clientId: user.id,
      username: user.id,
      password: res.json().access_token,
    });
    expect(await subscribeCodes(app, `/a/t/${teamThing.id}/e/o`)).toEqual([1]);
    // A key made for a space acts there only, not in its owner's My Cloud.
    expect(await subscribeCodes(app, `/a/t/${mine.id}/e/o`)).toEqual([REFUSED]);
  });

  it('speaks MQTT over WebSocket at /mqtt on the HTTP port', async () => {
    const user = await broker.t.createUser();
    const mine = await broker.f.thingWith(user.id, [{ name: 'x', type: 'INT' }]);
    const address = await broker.t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = await connectAsync(`${address.replace('http', 'ws')}/mqtt`, {
      protocolVersion: 4,
      clientId: user.id,
      username: user.id,
      password: await broker.t.tokenFor(user.id),
      reconnectPeriod: 0,
    });
    try {
      expect(await subscribeCodes(ws, `/a/t/${mine.id}/e/o`)).toEqual([1]);
    } finally {
      await ws.endAsync(true);
    }
  });
});
