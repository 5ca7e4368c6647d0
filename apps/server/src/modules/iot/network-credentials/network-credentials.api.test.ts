import { afterAll, describe, expect, it } from 'vitest';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

describe('network credentials v1', () => {
  it("answers a Wi-Fi board's credentials with Arduino's media type, the password masked", async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'GET', '/iot/v1/network_credentials/unor4wifi?connection=wifi');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.credentialsv1\+json; type=collection/,
    );
    expect(res.json()).toEqual([
      {
        secret_name: 'SECRET_SSID',
        friendly_name: 'Wi-Fi Name',
        required: true,
        sensitive: false,
        max_length: 32,
      },
      {
        secret_name: 'SECRET_OPTIONAL_PASS',
        friendly_name: 'Password',
        required: false,
        sensitive: true,
        max_length: 63,
      },
    ]);
  });

  it("without a connection answers the type's first; a connection it lacks answers nothing to ask", async () => {
    const user = await t.createUser();
    const gsm = await f.call(user.id, 'GET', '/iot/v1/network_credentials/mkrgsm1400');
    expect(gsm.json().map((c: { secret_name: string }) => c.secret_name)).toEqual([
      'SECRET_PIN',
      'SECRET_APN',
      'SECRET_LOGIN',
      'SECRET_PASS',
    ]);
    const lacking = await f.call(user.id, 'GET', '/iot/v1/network_credentials/mkrgsm1400?connection=wifi');
    expect(lacking.statusCode).toBe(200);
    expect(lacking.json()).toEqual([]);
  });

  it('a secret-key board needs its key beside the Wi-Fi; LoRa types need their application keys', async () => {
    const user = await t.createUser();
    const esp = await f.call(
      user.id,
      'GET',
      '/iot/v1/network_credentials/login_and_secretkey_wifi?connection=wifiandsecret',
    );
    expect(esp.json().map((c: { secret_name: string }) => c.secret_name)).toEqual([
      'SECRET_SSID',
      'SECRET_OPTIONAL_PASS',
      'SECRET_DEVICE_KEY',
    ]);
    const lora = await f.call(user.id, 'GET', '/iot/v1/network_credentials/mkrwan1310');
    expect(lora.json().map((c: { secret_name: string }) => c.secret_name)).toEqual([
      'SECRET_APP_EUI',
      'SECRET_APP_KEY',
    ]);
  });

  it('lists every connection of a type, empty where the type does not offer it', async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'GET', '/iot/v1/network_credentials/portenta_c33/connections');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.arduinoconnections\.v1\+json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['catm1', 'cellular', 'eth', 'gsm', 'lora', 'nb', 'wifi', 'wifiandsecret'].sort(),
    );
    expect(body.wifi).toHaveLength(2);
    expect(body.eth.map((c: { secret_name: string }) => c.secret_name)).toContain('SECRET_OPTIONAL_IP');
    expect(body.gsm).toEqual([]);
    expect(body.lora).toEqual([]);
  });

  it('answers 404 for an unknown type, 400 for a malformed one or connection, 401 without a token', async () => {
    const user = await t.createUser();
    const unknown = await f.call(user.id, 'GET', '/iot/v1/network_credentials/toaster');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, detail: 'Device type not found' });
    expect((await f.call(user.id, 'GET', '/iot/v1/network_credentials/toaster/connections')).statusCode).toBe(
      404,
    );
    expect((await f.call(user.id, 'GET', '/iot/v1/network_credentials/Bad%20Type')).statusCode).toBe(400);
    expect(
      (await f.call(user.id, 'GET', '/iot/v1/network_credentials/unor4wifi?connection=pigeon')).statusCode,
    ).toBe(400);
    expect((await f.call(null, 'GET', '/iot/v1/network_credentials/unor4wifi')).statusCode).toBe(401);
  });
});
