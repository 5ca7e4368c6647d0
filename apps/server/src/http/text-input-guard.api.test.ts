import { afterAll, describe, expect, it } from 'vitest';
import { makeCsr } from '../modules/iot/certs/testing/csr.ts';
import { iotTestApp } from '../modules/iot/testing/iot-fixtures.ts';
import { multipart } from '../modules/spaces/spaces.fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

/** The usual validation error: 400 in the spec's body, naming where the bad text was. */
function expectRefused(res: { statusCode: number; json(): unknown }, detail: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'validation_error',
    name: 'Validation error',
    status: 400,
    detail,
  });
}

describe('text from outside refuses NUL and other control characters', () => {
  it('in the client id of the token request (JSON and form bodies)', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      payload: { grant_type: 'client_credentials', client_id: 'a\u0000b', client_secret: 's' },
    });
    expectRefused(json, 'body/client_id: no control characters');
    const form = await t.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=a%00b&client_secret=s',
    });
    expectRefused(form, 'body/client_id: no control characters');
    // One line only: a line break is refused by the field's own schema.
    const lines = await t.app.inject({
      method: 'POST',
      url: '/iot/v1/clients/token',
      payload: { grant_type: 'client_credentials', client_id: 'a\nb', client_secret: 's' },
    });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().detail).toContain('no control characters');
  });

  it("in a dashboard's cover image", async () => {
    const user = await t.createUser();
    const created = await f.call(user.id, 'POST', '/iot/v2/dashboards', {
      name: 'd',
      cover_image: 'a\u0000',
    });
    expectRefused(created, 'body/cover_image: no control characters');
    const v3 = await f.call(user.id, 'POST', '/iot/v3/dashboards', { name: 'd', cover_image: 'x\u0007' });
    expectRefused(v3, 'body/cover_image: no control characters');
    const ok = await f.call(user.id, 'POST', '/iot/v2/dashboards', {
      name: 'd',
      cover_image: 'covers/1.png',
    });
    expect(ok.statusCode).toBe(201);
    const patched = await f.call(user.id, 'PATCH', `/iot/v2/dashboards/${ok.json().id}`, {
      cover_image: 'a\u0000',
    });
    expectRefused(patched, 'body/cover_image: no control characters');
  });

  it("in a certificate's CA", async () => {
    const user = await t.createUser();
    const device = await f.device(user.id);
    const res = await f.call(user.id, 'PUT', `/iot/v2/devices/${device.id}/certs`, {
      ca: 'Arduino\u0000v2',
      csr: (await makeCsr()).pem,
      enabled: true,
    });
    expectRefused(res, 'body/ca: no control characters');
  });

  it('in the serial and name filters of the lists', async () => {
    const user = await t.createUser();
    expectRefused(
      await f.call(user.id, 'GET', '/iot/v2/devices?serial=a%00b'),
      'querystring/serial: no control characters',
    );
    expectRefused(
      await f.call(user.id, 'GET', '/iot/v2/devices?unique_hardware_id=%01'),
      'querystring/unique_hardware_id: no control characters',
    );
    for (const v of ['v2', 'v3']) {
      expectRefused(
        await f.call(user.id, 'GET', `/iot/${v}/dashboards?name=a%00b`),
        'querystring/name: no control characters',
      );
    }
    // Filters are one line: a line break is refused too.
    expectRefused(
      await f.call(user.id, 'GET', '/iot/v2/devices?serial=a%0Ab'),
      'querystring/serial: no control characters',
    );
  });

  it('in sketch file paths', async () => {
    const user = await t.createUser();
    for (const kind of ['d', 'f']) {
      expectRefused(
        await f.call(user.id, 'GET', `/create/v2/files/${kind}/$HOME/sketches_v2/a%00b/c.ino`),
        'params/*: no control characters',
      );
    }
  });

  it('in object keys, the space header and space names', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id);
    expectRefused(
      await f.call(user.id, 'PUT', `/iot/v2/devices/${device.id}/tags`, {
        key: 'k',
        value: 'v',
        'x\u0000': 1,
      }),
      'body/x?: no control characters',
    );
    expectRefused(
      await f.call(user.id, 'GET', '/iot/v2/devices', undefined, { space: 'a\u0000b' }),
      'headers/x-organization: no control characters',
    );
    expectRefused(
      await f.call(user.id, 'POST', '/classroom/v1/organizations', { name: 'a\u0000b', space: 'pro' }),
      'body/name: no control characters',
    );
  });

  it('refuses unpaired surrogates and JSON nested too deep', async () => {
    const user = await t.createUser();
    const lone = await t.app.inject({
      method: 'POST',
      url: '/iot/v2/dashboards',
      headers: { ...(await f.headersFor(user.id)), 'content-type': 'application/json' },
      payload: '{"name":"d","cover_image":"a\\ud800"}',
    });
    expectRefused(lone, 'body/cover_image: no control characters');
    const depth = 20_000;
    const deep = await t.app.inject({
      method: 'PUT',
      url: '/users/v1/users/settings',
      headers: { ...(await f.headersFor(user.id)), 'content-type': 'application/json' },
      payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().detail).toMatch(/nested deeper than 32 levels/);
  });

  it('keeps line breaks and tabs where text is multi-line: a string property value', async () => {
    const user = await t.createUser();
    const thing = await f.thing(user.id);
    const property = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties`, {
      name: 'message',
      type: 'CHARSTRING',
      permission: 'READ_WRITE',
      update_strategy: 'ON_CHANGE',
    });
    expect(property.statusCode).toBe(201);
    const url = `/iot/v2/things/${thing.id}/properties/${property.json().id}/publish`;
    expect((await f.call(user.id, 'PUT', url, { value: 'line 1\r\n\tline 2' })).statusCode).toBeLessThan(300);
    expectRefused(
      await f.call(user.id, 'PUT', url, { value: 'bell\u0007' }),
      'body/value: no control characters',
    );
  });

  it('passes binary uploads untouched: firmware with NUL bytes', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const device = await f.device(user.id);
    const form = multipart(
      'ota_file',
      Buffer.from([0, 1, 2, 0x1b, 0x7f, 0, 0xff]),
      'fw.ota',
      'application/octet-stream',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/iot/v2/devices/${device.id}/ota`,
      headers: await f.headersFor(user.id, { 'content-type': form.contentType }),
      payload: form.body,
    });
    expect(res.statusCode).toBeLessThan(300);
  });
});
