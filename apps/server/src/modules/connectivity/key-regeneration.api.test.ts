/**
 * A device's secret key regenerated from its page (issue 28 item 6): `PUT /iot/v2/devices/{id}/pass` with a new
 * key refuses the old one at once, over HTTP (the key check) and MQTT (the open session ends, a new login with
 * it is refused), on the embedded broker and on Mosquitto, where the broker holds the key itself.
 */
import { describe, expect, it } from 'vitest';
import { useEmbeddedBroker } from './testing/embedded-broker-fixture.ts';
import { mosquittoFor, useExternalBroker } from './testing/external-broker-fixture.ts';
import { closed } from './testing/mqtt-fixtures.ts';

const NEW_KEY = 'NEWKEY23456789ABCDEFGHJKLMNPQRST';

type Broker = ReturnType<typeof useEmbeddedBroker>;

/** The regeneration as the device page does it: the server proposes a key, the page sets it. */
async function regenerate(b: Broker, userId: string, deviceId: string) {
  const url = `/iot/v2/devices/${deviceId}/pass`;
  const proposed = (await b.f.call(userId, 'GET', `${url}?suggested_password=true`)).json();
  expect(proposed.set).toBe(true);
  const set = await b.f.call(userId, 'PUT', url, { password: NEW_KEY });
  expect(set.statusCode).toBe(200);
  expect(set.json()).toEqual({ set: true });
}

function regenerationTests(b: Broker, refusedCode: number) {
  it('refuses the old key at once over HTTP and MQTT, ends its open session, and admits the new one', async () => {
    const user = await b.t.createUser();
    const device = await b.f.deviceWithKey(user.id);
    const url = `/iot/v2/devices/${device.id}/pass`;
    const old = await b.f.connectDevice(device);
    expect(old.connected).toBe(true);
    const ended = closed(old);

    await regenerate(b, user.id, device.id);
    await ended;

    expect((await b.f.call(user.id, 'POST', url, { password: device.secret })).statusCode).toBe(400);
    expect((await b.f.call(user.id, 'POST', url, { password: NEW_KEY })).statusCode).toBe(200);
    expect(await b.f.refusal({ clientId: device.id, username: device.id, password: device.secret })).toBe(
      refusedCode,
    );
    const fresh = await b.f.connectDevice({ id: device.id, secret: NEW_KEY });
    expect(fresh.connected).toBe(true);
  });

  it("keeps another device's key and connection as they were", async () => {
    const user = await b.t.createUser();
    const device = await b.f.deviceWithKey(user.id);
    const other = await b.f.deviceWithKey(user.id);
    const otherClient = await b.f.connectDevice(other);
    await regenerate(b, user.id, device.id);
    const check = await b.f.call(user.id, 'POST', `/iot/v2/devices/${other.id}/pass`, {
      password: other.secret,
    });
    expect(check.statusCode).toBe(200);
    expect(otherClient.connected).toBe(true);
  });
}

describe('secret key regeneration, embedded broker', () => {
  // CONNACK 4: bad user name or password.
  regenerationTests(useEmbeddedBroker(), 4);
});

const found = mosquittoFor('key regeneration on Mosquitto');
describe.skipIf('missing' in found)('secret key regeneration, Mosquitto with dynamic security', () => {
  // Mosquitto's dynamic security answers 5 (not authorised) to a wrong password.
  regenerationTests(useExternalBroker(found) as unknown as Broker, 5);
});
