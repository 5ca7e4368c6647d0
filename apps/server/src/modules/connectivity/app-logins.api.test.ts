import { decodeSenml, encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { eq } from 'drizzle-orm';
import type { IClientOptions } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { mqttAppLogins } from '../../db/schema/index.ts';
import { mosquittoFor, useExternalBroker } from './testing/external-broker-fixture.ts';
import { closed, nextMessage, storedPoints, subscribeCodes } from './testing/mqtt-fixtures.ts';

const found = mosquittoFor('application login tests');

const T0 = Date.UTC(2025, 2, 1, 8, 0, 0);
const REFUSED = 128;
const HOUR_MS = 3_600_000;

describe.skipIf('missing' in found)('application logins on an external broker', () => {
  const ext = useExternalBroker(found);

  const external = () => {
    if (ext.t.connectivity?.mode !== 'external') throw new Error('expected the external broker');
    return ext.t.connectivity;
  };

  /** The CONNACK code of a refused connection, or 0 when it was accepted. */
  const refusal = (opts: IClientOptions) =>
    ext.f.connect(opts).then(
      (c) => {
        c.end(true);
        return 0;
      },
      (err: { code?: number }) => err.code ?? -1,
    );

  /** A device with its key set and a thing bound to it (one INT property `count`). */
  async function deviceAndThing(userId: string) {
    const device = await ext.f.deviceWithKey(userId);
    const thing = await ext.f.thingWith(userId, [{ name: 'count', type: 'INT' }], { deviceId: device.id });
    return { device, thingId: thing.id, propertyId: thing.properties?.[0]?.id as string };
  }

  const login = (token: string, method: 'PUT' | 'DELETE' = 'PUT', body: Record<string, unknown> = {}) =>
    ext.t.app.inject({
      method,
      url: '/iot/v2/mqtt/login',
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'PUT' && { payload: body }),
    });

  const asApp = (userId: string, token: string) => ({ clientId: userId, username: userId, password: token });

  it("lets an application with a registered token read its thing's values and write to it, and nothing else", async () => {
    const user = await ext.t.createUser();
    const other = await ext.t.createUser();
    const mine = await deviceAndThing(user.id);
    const theirs = await deviceAndThing(other.id);
    const token = await ext.t.tokenFor(user.id);
    // Mosquitto knows nothing of our tokens until the application registers one.
    expect(await refusal(asApp(user.id, token))).not.toBe(0);
    const res = await login(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.id, client_id: user.id });

    const app = await ext.f.connect(asApp(user.id, token));
    expect(await subscribeCodes(app, `/a/t/${mine.thingId}/e/o`)).toEqual([1]);
    expect(await subscribeCodes(app, `/a/t/${theirs.thingId}/e/o`)).toEqual([REFUSED]);
    expect(await subscribeCodes(app, `/a/t/${mine.thingId}/e/i`)).toEqual([REFUSED]);
    expect(await subscribeCodes(app, '#')).toEqual([REFUSED]);

    const device = await ext.f.connectDevice(mine.device);
    const value = nextMessage(app, `/a/t/${mine.thingId}/e/o`);
    await device.publishAsync(
      `/a/t/${mine.thingId}/e/o`,
      Buffer.from(encodeSenml(valueToRecords('count', 'INT', 7, T0))),
      { qos: 1 },
    );
    expect(decodeSenml(await value)).toEqual([{ name: 'count', value: 7, timeMs: T0 }]);

    await device.subscribeAsync(`/a/t/${mine.thingId}/e/i`, { qos: 1 });
    const write = nextMessage(device, `/a/t/${mine.thingId}/e/i`);
    await app.publishAsync(
      `/a/t/${mine.thingId}/e/i`,
      Buffer.from(encodeSenml(valueToRecords('count', 'INT', 3))),
      {
        qos: 1,
      },
    );
    expect(decodeSenml(await write)).toEqual([{ name: 'count', value: 3 }]);
    // The application's write is stored as with the embedded broker; the server's own delivery of an API
    // write (also on e/i) is not stored a second time.
    const pid = mine.propertyId;
    await expect.poll(async () => (await storedPoints(ext.t.db, pid)).map((p) => p.value)).toEqual([7, 3]);
    const res2 = await ext.f.call(
      user.id,
      'PUT',
      `/iot/v2/things/${mine.thingId}/properties/${pid}/publish`,
      {
        value: 9,
      },
    );
    expect(res2.statusCode).toBe(200);
    await app.publishAsync(
      `/a/t/${mine.thingId}/e/i`,
      Buffer.from(encodeSenml(valueToRecords('count', 'INT', 4))),
      {
        qos: 1,
      },
    );
    await expect
      .poll(async () => (await storedPoints(ext.t.db, pid)).map((p) => p.value))
      .toEqual([7, 3, 9, 4]);
  });

  it('refuses another client id, and one that is not the user id when registering', async () => {
    const user = await ext.t.createUser();
    const token = await ext.t.tokenFor(user.id);
    expect((await login(token, 'PUT', { client_id: 'someone-else' })).statusCode).toBe(400);
    expect((await login(token, 'PUT', { client_id: `${user.id}-dashboard` })).statusCode).toBe(200);
    expect(await refusal({ ...asApp(user.id, token), clientId: user.id })).not.toBe(0);
    expect(await refusal({ ...asApp(user.id, token), clientId: `${user.id}-dashboard` })).toBe(0);
  });

  it('follows new things: a thing created after the login can be read once the roles are refreshed', async () => {
    const user = await ext.t.createUser();
    const token = await ext.t.tokenFor(user.id);
    expect((await login(token)).statusCode).toBe(200);
    const later = await deviceAndThing(user.id);
    // The broker drops a client whose roles change; the application reconnects with the same token.
    await expect
      .poll(
        async () => {
          const app = await ext.f.connect(asApp(user.id, token));
          return subscribeCodes(app, `/a/t/${later.thingId}/e/o`);
        },
        { timeout: 30_000, interval: 300 },
      )
      .toEqual([1]);
  });

  it('refuses the token after logout, after it expired, and an older token once a newer one is registered', async () => {
    const user = await ext.t.createUser();
    const first = await ext.t.tokenFor(user.id);
    expect((await login(first)).statusCode).toBe(200);
    expect(await refusal(asApp(user.id, first))).toBe(0);

    const second = await ext.t.tokenFor(user.id, { expiresIn: '2h' });
    expect((await login(second)).statusCode).toBe(200);
    expect(await refusal(asApp(user.id, first))).not.toBe(0);
    expect(await refusal(asApp(user.id, second))).toBe(0);

    const connected = await ext.f.connect(asApp(user.id, second));
    const dropped = closed(connected, 10_000);
    expect((await login(second, 'DELETE')).statusCode).toBe(200);
    await dropped;
    expect(await refusal(asApp(user.id, second))).not.toBe(0);

    const third = await ext.t.tokenFor(user.id, { expiresIn: '1h' });
    expect((await login(third)).statusCode).toBe(200);
    expect(await refusal(asApp(user.id, third))).toBe(0);
    // The sweep, run as if an hour and a bit had passed: the token expired, so its login ends.
    await external().appLogins.sweep(new Date(Date.now() + HOUR_MS + 60_000));
    expect(await refusal(asApp(user.id, third))).not.toBe(0);
  });

  it('deletes the broker client of a login that is gone from the database (its user was deleted)', async () => {
    const user = await ext.t.createUser();
    const token = await ext.t.tokenFor(user.id);
    expect((await login(token)).statusCode).toBe(200);
    expect(await refusal(asApp(user.id, token))).toBe(0);
    await ext.t.db.delete(mqttAppLogins).where(eq(mqttAppLogins.userId, user.id));
    await external().appLogins.removeOrphans();
    expect(await refusal(asApp(user.id, token))).not.toBe(0);
  });
});
