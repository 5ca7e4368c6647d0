import { decodeCommand, encodeCommand } from '@tinkercloud/device-protocol';
import { describe, expect, it } from 'vitest';
import { useEmbeddedBroker } from './testing/embedded-broker-fixture.ts';
import { nextMessage } from './testing/mqtt-fixtures.ts';
import { timezoneInfo } from './timezone.ts';

const broker = useEmbeddedBroker();

// Berlin: summer time starts 2024-03-31 01:00 UTC (offset 3600 → 7200) and ends 2024-10-27 01:00 UTC.
const BEFORE = Date.parse('2024-03-31T00:59:00Z');
const AFTER = Date.parse('2024-03-31T01:00:30Z');
const SUMMER_UNTIL = Date.parse('2024-10-27T01:00:00Z') / 1000 - 1;

/** The session is open once the device shows online (the broker's connect handler opens it first). */
const sessionOpen = (userId: string, deviceId: string) =>
  expect
    .poll(
      async () => (await broker.f.call(userId, 'GET', `/iot/v2/devices/${deviceId}`)).json().device_status,
    )
    .toBe('ONLINE');

/** A device of a thing in Berlin, connected with its session open and subscribed to its commands (`down`). */
async function berlinDevice() {
  const user = await broker.t.createUser();
  const device = await broker.f.deviceWithKey(user.id);
  const thing = await broker.f.thingWith(user.id, [], { deviceId: device.id, timezone: 'Europe/Berlin' });
  const client = await broker.f.connectDevice(device);
  await sessionOpen(user.id, device.id);
  const down = `/a/d/${device.id}/c/dw`;
  await client.subscribeAsync(down, { qos: 1 });
  const dst = broker.t.connectivity?.dst;
  if (!dst) throw new Error('the test app runs no broker');
  return { user, thing, device, client, down, dst };
}

describe('timezone offset changes', () => {
  it('pushes TimezoneDown to a connected device once its offset changed, and only once', async () => {
    const { device, client, down, dst } = await berlinDevice();

    await dst.scan(BEFORE);
    const pushed = nextMessage(client, down);
    await dst.scan(AFTER);
    expect(decodeCommand(await pushed)).toEqual({ type: 'TimezoneDown', offset: 7200, until: SUMMER_UNTIL });

    // Told already: a later scan sends nothing, so the next command is the answer to the device's own question.
    await dst.scan(AFTER + 60_000);
    const next = nextMessage(client, down);
    await client.publishAsync(`/a/d/${device.id}/c/up`, Buffer.from(encodeCommand({ type: 'TimezoneUp' })));
    const answer = decodeCommand(await next);
    expect(answer).toMatchObject({ type: 'TimezoneDown' });
    expect((answer as { until: number }).until).not.toBe(SUMMER_UNTIL);
  });

  it("tells a connected device the new offset at the next scan once its thing's time zone is changed", async () => {
    const { user, thing, client, down, dst } = await berlinDevice();
    await dst.scan(BEFORE);
    const refused = await broker.f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, {
      timezone: 'Mars/Base',
    });
    expect(refused.statusCode).toBe(400);
    const pushed = nextMessage(client, down);
    const changed = await broker.f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, {
      timezone: 'Asia/Tokyo',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().timezone).toBe('Asia/Tokyo');
    // Still before Berlin's own change: only the edit can make the scan speak.
    await dst.scan(BEFORE + 1_000);
    expect(decodeCommand(await pushed)).toMatchObject({ type: 'TimezoneDown', offset: 32_400 });
    const read = await broker.f.call(user.id, 'GET', `/iot/v2/things/${thing.id}`);
    expect(read.json().timezone).toBe('Asia/Tokyo');
  });

  it('tells a device of a zone changed after it was told its own and before the next scan', async () => {
    const { user, thing, device, client, down, dst } = await berlinDevice();
    const answer = nextMessage(client, down);
    await client.publishAsync(`/a/d/${device.id}/c/up`, Buffer.from(encodeCommand({ type: 'TimezoneUp' })));
    expect(decodeCommand(await answer)).toEqual({ type: 'TimezoneDown', ...timezoneInfo('Europe/Berlin') });
    const changed = await broker.f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, {
      timezone: 'Asia/Tokyo',
    });
    expect(changed.statusCode).toBe(200);
    // The first scan to see this device: it must not take Tokyo for what the device was told.
    const pushed = nextMessage(client, down);
    await dst.scan();
    expect(decodeCommand(await pushed)).toMatchObject({ type: 'TimezoneDown', offset: 32_400 });
  });

  it('leaves a device alone while its offset holds', async () => {
    const { device, client, down, dst } = await berlinDevice();
    await dst.scan(BEFORE - 3_600_000);
    await dst.scan(BEFORE);
    const next = nextMessage(client, down);
    await client.publishAsync(`/a/d/${device.id}/c/up`, Buffer.from(encodeCommand({ type: 'TimezoneUp' })));
    expect(decodeCommand(await next)).toEqual({ type: 'TimezoneDown', ...timezoneInfo('Europe/Berlin') });
  });
});
