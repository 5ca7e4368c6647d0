/**
 * The whole OTA path over the embedded broker and the HTTP server: an update recorded by the API is offered
 * to the simulated device (at once when connected, else when it next connects), which downloads the file by
 * its signed link, reports each step, reboots and comes back on the new firmware.
 */
import { createHash } from 'node:crypto';
import { encodeCommand, OTA_STATES } from '@tinkercloud/device-protocol';
import { type SimulatedDevice, startSimulatedDevice } from '@tinkercloud/device-protocol/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { freePort } from '../../../../test/free-port.ts';
import { iotDeviceFirmware } from '../../../db/schema/index.ts';
import { decodeCommand } from '../../connectivity/protocol.ts';
import { mqttFixtures, nextMessage } from '../../connectivity/testing/mqtt-fixtures.ts';
import { multipart } from '../../spaces/spaces.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof mqttFixtures>;
const devices: SimulatedDevice[] = [];
beforeAll(async () => {
  const port = await freePort();
  // Devices fetch the file from the public URL: this app's own HTTP listener.
  t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` }, { broker: true });
  await t.app.listen({ port, host: '127.0.0.1' });
  f = mqttFixtures(t);
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
  await f.closeAll();
});
afterAll(() => t?.close());

const FAST = { thingRetryMinMs: 50, thingRetryMaxMs: 400, reconnectMinMs: 50, reconnectMaxMs: 200 };
// An update runs through download, flash, reboot and reconnection: the polls wait generously for a busy machine.
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function upload(userId: string, deviceId: string, file: Buffer) {
  const form = multipart('ota_file', file, 'fw.ota', 'application/octet-stream');
  const headers = await f.headersFor(userId, { 'content-type': form.contentType });
  const res = await t.app.inject({
    method: 'POST',
    url: `/iot/v2/devices/${deviceId}/ota`,
    headers,
    payload: form.body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ota_id: string; file_sha: string };
}

function simulate(device: { id: string; secret: string }, firmware?: Uint8Array) {
  const sim = startSimulatedDevice({
    url: `mqtt://127.0.0.1:${f.port()}`,
    deviceId: device.id,
    secretKey: device.secret,
    timing: FAST,
    ota: firmware ? { firmware } : {},
  });
  devices.push(sim);
  return sim;
}

const show = async (userId: string, otaId: string) =>
  (await f.call(userId, 'GET', `/ota/v1/ota/${otaId}`)).json() as {
    ota: { status: string; error_reason?: string; retry_attempt: number };
    states: { state: string; state_data?: string }[];
  };

async function reported(sim: SimulatedDevice, sha256: string) {
  // The server has the device's firmware once it answered its ThingBegin; the OtaBeginUp came before it.
  await expect.poll(() => sim.firmwareSha256).toBe(sha256);
}

describe('OTA over MQTT with the simulated device', () => {
  it('offers the update to the connected device, which downloads, flashes and reboots on it', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id, 'create-maker');
    const device = await f.deviceWithKey(user.id);
    const sim = simulate(device);
    await new Promise((resolve) => sim.once('registered', resolve));
    const initial = sim.firmwareSha256;
    // The server handles the board's OtaBeginUp apart from its ThingBegin: wait until it has, or the upload
    // below could come first and that OtaBeginUp would count as a second offer (a retry).
    await expect
      .poll(async () => {
        const rows = await t.db
          .select()
          .from(iotDeviceFirmware)
          .where(eq(iotDeviceFirmware.deviceId, device.id));
        return rows[0]?.sha256;
      })
      .toBe(initial);

    const image = Buffer.from('firmware 2.0 for the simulated board '.repeat(500));
    const offered = new Promise<{ url: string; initialSha256: string; finalSha256: string }>((resolve) =>
      sim.once('ota', resolve),
    );
    const { ota_id, file_sha } = await upload(user.id, device.id, image);
    expect(file_sha).toBe(sha(image));
    const offer = await offered;
    expect(offer).toMatchObject({ initialSha256: initial, finalSha256: sha(image) });
    expect(offer.url.startsWith(t.config.publicUrl)).toBe(true);

    await expect
      .poll(async () => (await show(user.id, ota_id)).ota.status, { timeout: 30_000 })
      .toBe('succeeded');
    await reported(sim, sha(image));
    const { ota, states } = await show(user.id, ota_id);
    expect(ota).toMatchObject({ status: 'succeeded', retry_attempt: 0 });
    expect(states.map((s) => s.state)).toEqual([
      'pending',
      'available',
      'start',
      'fetch',
      'flash',
      'reboot',
      'succeeded',
    ]);
    expect(states.find((s) => s.state === 'fetch')?.state_data).toBe(String(image.length));
    // Finished: a new update may start.
    const list = (
      await f.call(user.id, 'GET', `/ota/v1/ota?device_id=${device.id}&limit=500&order=desc`)
    ).json();
    expect(list.ota.map((o: { status: string }) => o.status)).toEqual(['succeeded']);
  });

  it('keeps the update for a device that is offline and offers it when it connects', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id, 'create-maker');
    const device = await f.deviceWithKey(user.id);
    const image = Buffer.from('offline firmware 3.1');
    const { ota_id } = await upload(user.id, device.id, image);
    expect((await show(user.id, ota_id)).ota.status).toBe('pending');

    const sim = simulate(device, new TextEncoder().encode('factory firmware'));
    await expect
      .poll(async () => (await show(user.id, ota_id)).ota.status, { timeout: 30_000 })
      .toBe('succeeded');
    await reported(sim, sha(image));
  });

  it("records a device's failure, and ignores reports about updates that are not the device's", async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id, 'create-maker');
    const device = await f.deviceWithKey(user.id);
    const other = await f.deviceWithKey(user.id);
    const { ota_id } = await upload(user.id, device.id, Buffer.from('firmware that will not flash'));

    const intruder = await f.connectDevice(other);
    const report = (state: number, stateData: number) =>
      encodeCommand({ type: 'OtaProgressUp', id: ota_id, state, stateData, time: Date.now() * 1000 });
    await intruder.publishAsync(`/a/d/${other.id}/c/up`, Buffer.from(report(OTA_STATES.Fail, -3)));
    // Its commands are handled in order: once its firmware is known, its report was handled too.
    await intruder.publishAsync(
      `/a/d/${other.id}/c/up`,
      Buffer.from(encodeCommand({ type: 'OtaBeginUp', sha256: 'ee'.repeat(32) })),
    );
    await expect
      .poll(
        async () =>
          (await t.db.select().from(iotDeviceFirmware).where(eq(iotDeviceFirmware.deviceId, other.id)))
            .length,
      )
      .toBe(1);

    const client = await f.connectDevice(device);
    await client.subscribeAsync(`/a/d/${device.id}/c/dw`);
    const offer = nextMessage(client, `/a/d/${device.id}/c/dw`);
    await client.publishAsync(
      `/a/d/${device.id}/c/up`,
      Buffer.from(encodeCommand({ type: 'OtaBeginUp', sha256: 'cd'.repeat(32) })),
    );
    expect(decodeCommand(new Uint8Array(await offer))).toMatchObject({
      type: 'OtaUpdateDown',
      id: ota_id,
      initialSha256: 'cd'.repeat(32),
    });
    // The other device's report changed nothing.
    expect((await show(user.id, ota_id)).ota.status).toBe('pending');

    await client.publishAsync(`/a/d/${device.id}/c/up`, Buffer.from(report(OTA_STATES.Fetch, 10)));
    await expect.poll(async () => (await show(user.id, ota_id)).ota.status).toBe('in_progress');
    await client.publishAsync(`/a/d/${device.id}/c/up`, Buffer.from(report(OTA_STATES.Fail, -3)));
    await expect.poll(async () => (await show(user.id, ota_id)).ota.status).toBe('failed');
    const { ota, states } = await show(user.id, ota_id);
    expect(ota.error_reason).toMatch(/error -3/);
    expect(states.map((s) => s.state)).toEqual(['pending', 'fetch', 'fail']);
  });
});
