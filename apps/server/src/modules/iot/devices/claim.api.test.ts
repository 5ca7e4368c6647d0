import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

/** A fresh 64-character hardware id per board. */
const newBoardId = () => randomUUID().replaceAll('-', '').repeat(2);

describe('claiming boards by hardware id', () => {
  it('claims a board for the caller (201), under a chosen id when given', async () => {
    const user = await t.createUser();
    const uhwid = newBoardId();
    const id = randomUUID();
    const res = await f.call(user.id, 'PUT', '/iot/v2/devices/claim', {
      ID: id,
      type: 'unor4wifi',
      name: 'porch',
      unique_hardware_id: uhwid,
      user_id: user.id,
      connection_type: 'wifi',
      ble_mac: '01:23:45:67:89:ab',
      wifi_fw_version: '0.4.1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.devicev2\+json/);
    expect(res.json()).toMatchObject({
      id,
      name: 'porch',
      type: 'unor4wifi',
      unique_hardware_id: uhwid,
      ble_mac: '01:23:45:67:89:ab',
      wifi_fw_version: '0.4.1',
      user_id: user.id,
    });
    const listed = await f.call(user.id, 'GET', `/iot/v2/devices?unique_hardware_id=${uhwid}`);
    expect(listed.json().map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it('keeps a claimed board with its device: another claim (any space) answers 409 until it is released', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const uhwid = newBoardId();
    const claim = (userId: string) =>
      f.call(userId, 'PUT', '/iot/v2/devices/claim', {
        type: 'opta',
        unique_hardware_id: uhwid,
        user_id: userId,
      });
    const first = await claim(owner.id);
    expect(first.statusCode).toBe(201);
    const stolen = await claim(other.id);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().detail).toBe(
      'This board is already claimed by a device: its owner must release it first.',
    );
    expect((await f.call(other.id, 'GET', '/iot/v2/devices')).json()).toEqual([]);

    // Locked, the board cannot be released (412); unlocked, remove-uhwid releases it and answers the device.
    const deviceId = first.json().id;
    await f.call(owner.id, 'POST', `/iot/v2/devices/${deviceId}`, { locked: true });
    const refused = await f.call(owner.id, 'POST', `/iot/v2/devices/${deviceId}/remove-uhwid`);
    expect(refused.statusCode).toBe(412);
    await f.call(owner.id, 'POST', `/iot/v2/devices/${deviceId}`, { locked: false });
    // Only the owner's space can release it: for anyone else the device does not exist.
    expect((await f.call(other.id, 'POST', `/iot/v2/devices/${deviceId}/remove-uhwid`)).statusCode).toBe(404);
    const released = await f.call(owner.id, 'POST', `/iot/v2/devices/${deviceId}/remove-uhwid`);
    expect(released.statusCode).toBe(200);
    expect(released.headers['content-type']).toMatch(/^application\/vnd\.arduino\.devicev2\+json/);
    expect(released.json()).toMatchObject({ id: deviceId });
    expect(released.json()).not.toHaveProperty('unique_hardware_id');
    expect((await claim(other.id)).statusCode).toBe(201);
  });

  it('lets a board whose device went to the trash be claimed again', async () => {
    const user = await t.createUser();
    const uhwid = newBoardId();
    const body = { type: 'giga', unique_hardware_id: uhwid, user_id: user.id };
    const first = (await f.call(user.id, 'PUT', '/iot/v2/devices/claim', body)).json();
    await f.call(user.id, 'DELETE', `/iot/v2/devices/${first.id}`);
    expect((await f.call(user.id, 'PUT', '/iot/v2/devices/claim', body)).statusCode).toBe(201);
  });

  it('two claims of one board at once: exactly one wins', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const uhwid = newBoardId();
    const results = await Promise.all(
      [a, b].map((u) =>
        f.call(u.id, 'PUT', '/iot/v2/devices/claim', {
          type: 'opta',
          unique_hardware_id: uhwid,
          user_id: u.id,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a claim for someone else (403), a reused id (409) and malformed payloads (400)', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const good = { type: 'opta', unique_hardware_id: newBoardId(), user_id: user.id };
    expect(
      (await f.call(user.id, 'PUT', '/iot/v2/devices/claim', { ...good, user_id: other.id })).statusCode,
    ).toBe(403);
    const existing = await f.device(user.id, { name: 'x' });
    const reused = await f.call(user.id, 'PUT', '/iot/v2/devices/claim', { ...good, ID: existing.id });
    expect(reused.statusCode).toBe(409);
    for (const bad of [
      { unique_hardware_id: 'short' },
      { unique_hardware_id: undefined },
      { user_id: undefined },
      { type: 'toaster' },
      { ID: 'not-a-uuid' },
      { ble_mac: 'zz' },
    ]) {
      const res = await f.call(user.id, 'PUT', '/iot/v2/devices/claim', { ...good, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await f.call(null, 'PUT', '/iot/v2/devices/claim', good)).statusCode).toBe(401);
  });
});
