import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { iotLoraDevices } from '../../../db/schema/index.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

let euiSeed = 0;
/** A fresh board EUI per test: EUIs are unique across the server. */
const nextEui = () => (0xa8610a0000000000n + BigInt(++euiSeed)).toString(16);

describe('LoRa devices v1', () => {
  it('lists the frequency plans with their media type', async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'GET', '/iot/v1/lora-freq-plans/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.lorafreqplansv1\+json/);
    const plans = res.json().frequency_plans;
    expect(plans).toContainEqual({ id: 'EU_863_870_TTN', name: 'Europe 863-870 MHz', advanced: false });
    expect(plans.every((p: { advanced: unknown }) => typeof p.advanced === 'boolean')).toBe(true);
  });

  it('registers a board: a lora device with made keys answered once, then shown without them', async () => {
    const user = await t.createUser();
    const eui = nextEui();
    const res = await f.call(user.id, 'PUT', '/iot/v1/lora-devices/', {
      app: 'greenhouse',
      eui: eui.toUpperCase(),
      frequency_plan: 'EU_863_870_TTN',
      name: 'soil-probe',
      type: 'mkrwan1310',
      user_id: 'me',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.loradevicev1\+json/);
    const created = res.json();
    expect(created).toMatchObject({ eui });
    expect(created.app_eui).toMatch(/^[0-9a-f]{16}$/);
    expect(created.app_key).toMatch(/^[0-9a-f]{32}$/);

    const device = (await f.call(user.id, 'GET', `/iot/v2/devices/${created.device_id}`)).json();
    expect(device).toMatchObject({
      name: 'soil-probe',
      type: 'mkrwan1310',
      label: 'Arduino MKR WAN 1310',
      fqbn: 'arduino:samd:mkrwan1310',
      connection_type: 'lora',
    });
    // The application key is a secret: no device view carries it.
    expect(JSON.stringify(device)).not.toContain(created.app_key);
    const [row] = await t.db
      .select()
      .from(iotLoraDevices)
      .where(eq(iotLoraDevices.deviceId, created.device_id));
    expect(row).toMatchObject({
      appKey: created.app_key,
      app: 'greenhouse',
      frequencyPlan: 'EU_863_870_TTN',
    });
  });

  it("counts the devices of the four LoRa kinds in the recap's usage.lora_devices (spec 9)", async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const recap = async () => (await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json().usage;
    expect(await recap()).toMatchObject({ devices: 0, lora_devices: 0 });
    const kinds = ['lora-device', 'mkrwan1300', 'mkrwan1310', 'portenta_h7_lora'];
    for (const [i, type] of kinds.entries()) {
      const res = await f.call(user.id, 'PUT', '/iot/v1/lora-devices/', {
        app: 'fields',
        eui: nextEui(),
        frequency_plan: 'EU_863_870_TTN',
        name: `probe-${i}`,
        type,
        user_id: 'me',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A Wi-Fi board counts as a device, not as a LoRa one; a deleted LoRa device no longer counts.
    await f.device(user.id, { name: 'wifi-board' });
    expect(await recap()).toMatchObject({ devices: 5, lora_devices: 4 });
    const devices = (await f.call(user.id, 'GET', '/iot/v2/devices')).json() as {
      id: string;
      type: string;
    }[];
    const lora = devices.find((d) => d.type === 'mkrwan1300');
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${lora?.id}`)).statusCode).toBe(200);
    expect(await recap()).toMatchObject({ devices: 4, lora_devices: 3 });
  });

  it('keeps given keys, refuses a second registration of the same board and a board of another user', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const eui = nextEui();
    const body = {
      app: 'field',
      eui,
      app_eui: '70B3D57ED0000000',
      app_key: '000102030405060708090A0B0C0D0E0F',
      frequency_plan: 'US_902_928_FSB_2',
      name: 'gate',
      type: 'lora-device',
      user_id: user.id,
    };
    const res = await f.call(user.id, 'PUT', '/iot/v1/lora-devices/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      app_eui: '70b3d57ed0000000',
      app_key: '000102030405060708090a0b0c0d0e0f',
    });

    const again = await f.call(other.id, 'PUT', '/iot/v1/lora-devices/', { ...body, user_id: 'me' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`A LoRa device with the EUI ${eui} is already registered.`);
    // Nothing of the refused registration stays behind.
    expect((await f.call(other.id, 'GET', '/iot/v2/devices')).json()).toEqual([]);

    const forSomeoneElse = await f.call(other.id, 'PUT', '/iot/v1/lora-devices/', {
      ...body,
      eui: nextEui(),
      user_id: user.id,
    });
    expect(forSomeoneElse.statusCode).toBe(403);
  });

  it('refuses malformed keys, unknown plans and types with 400, and callers without a token with 401', async () => {
    const user = await t.createUser();
    const good = {
      app: 'a',
      eui: nextEui(),
      frequency_plan: 'EU_863_870_TTN',
      name: 'n',
      type: 'mkrwan1300',
      user_id: 'me',
    };
    for (const bad of [
      { eui: 'xyz' },
      { eui: 'a8610a000000000g' },
      { app_key: 'abcd' },
      { frequency_plan: 'MOON_1' },
      { type: 'unor4wifi' },
      { name: '' },
      { app: 'with space' },
      { user_id: 'someone' },
    ]) {
      const res = await f.call(user.id, 'PUT', '/iot/v1/lora-devices/', { ...good, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await f.call(null, 'GET', '/iot/v1/lora-freq-plans/')).statusCode).toBe(401);
    expect((await f.call(null, 'PUT', '/iot/v1/lora-devices/', good)).statusCode).toBe(401);
  });
});
