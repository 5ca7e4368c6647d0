import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/index.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

type Listing = {
  folders: { id: string; name: string }[];
  items: { id: string; kind: string; name: string; folderId?: string }[];
};

describe('group lists, folders and trash', () => {
  it('lists folders and items per kind under parent_id, and moves items between folders', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const d1 = await f.device(user.id, { name: 'alpha' });
    const d2 = await f.device(user.id, { name: 'beta' });
    const thing = await f.thing(user.id, { name: 'Gamma' });
    const folder = await f.call(user.id, 'POST', '/groups/v1/folders', { name: 'Lab', kind: 'DEVICE' });
    expect(folder.statusCode).toBe(201);
    const lab = folder.json();
    const sub = (
      await f.call(user.id, 'POST', '/groups/v1/folders', {
        name: 'Bench',
        kind: 'DEVICE',
        parent_id: lab.id,
      })
    ).json();
    expect(sub.parent_id).toBe(lab.id);
    expect(
      (await f.call(user.id, 'PUT', '/groups/v1/items', { kind: 'DEVICE', ids: [d1.id], folder_id: lab.id }))
        .statusCode,
    ).toBe(204);

    const root = (await f.call(user.id, 'GET', '/groups/v1/devices')).json() as Listing;
    expect(root.folders.map((x) => x.name)).toEqual(['Lab']);
    expect(root.items.map((x) => [x.kind, x.name])).toEqual([['DEVICE', 'beta']]);
    const inLab = (await f.call(user.id, 'GET', `/groups/v1/devices?parent_id=${lab.id}`)).json() as Listing;
    expect(inLab.folders.map((x) => x.name)).toEqual(['Bench']);
    expect(inLab.items).toMatchObject([{ id: d1.id, kind: 'DEVICE', name: 'alpha', folderId: lab.id }]);
    const all = (await f.call(user.id, 'GET', '/groups/v1/all')).json() as Listing;
    expect(all.items.map((x) => x.kind).sort()).toEqual(['DEVICE', 'THING']);
    expect((await f.call(user.id, 'GET', '/groups/v1/things')).json().items[0]).toMatchObject({
      id: thing.id,
      kind: 'THING',
    });
    expect((await f.call(user.id, 'GET', '/groups/v1/sketches')).json()).toEqual({ folders: [], items: [] });
    // A device folder is not a thing folder.
    expect((await f.call(user.id, 'GET', `/groups/v1/things?parent_id=${lab.id}`)).statusCode).toBe(404);
    expect(
      (
        await f.call(user.id, 'PUT', '/groups/v1/items', {
          kind: 'THING',
          ids: [thing.id],
          folder_id: lab.id,
        })
      ).statusCode,
    ).toBe(404);
    // Folders cannot move into themselves; deleting one moves its content up.
    expect(
      (await f.call(user.id, 'PATCH', `/groups/v1/folders/${lab.id}`, { parent_id: sub.id })).statusCode,
    ).toBe(400);
    expect(
      (await f.call(user.id, 'PATCH', `/groups/v1/folders/${lab.id}`, { name: 'Laboratory' })).json().name,
    ).toBe('Laboratory');
    expect((await f.call(user.id, 'DELETE', `/groups/v1/folders/${lab.id}`)).statusCode).toBe(204);
    const after = (await f.call(user.id, 'GET', '/groups/v1/devices')).json() as Listing;
    expect(after.folders.map((x) => x.name)).toEqual(['Bench']);
    expect(after.items.map((x) => x.name)).toEqual(['alpha', 'beta']);
    expect(d2.id).toBeTruthy();
    for (const bad of [
      ['POST', '/groups/v1/folders', { name: '', kind: 'DEVICE' }],
      ['POST', '/groups/v1/folders', { name: 'x', kind: 'FOLDER' }],
      ['PUT', '/groups/v1/items', { kind: 'DEVICE', ids: ['nope'], folder_id: null }],
      ['GET', '/groups/v1/widgets'],
    ] as const) {
      expect((await f.call(user.id, bad[0], bad[1], bad[2])).statusCode, bad[1]).toBe(400);
    }
  });

  it('lists soft-deleted items in the trash, restores (with plan limits) and purges them', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id, { name: 'old-board' });
    const thing = await f.thing(user.id, { name: 'Old thing' });
    const dashboard = (await f.call(user.id, 'POST', '/iot/v2/dashboards', { name: 'Old board' })).json();
    for (const url of [
      `/iot/v2/devices/${device.id}`,
      `/iot/v2/things/${thing.id}`,
      `/iot/v2/dashboards/${dashboard.id}`,
    ]) {
      expect((await f.call(user.id, 'DELETE', url)).statusCode).toBe(200);
    }
    const trash = (await f.call(user.id, 'GET', '/groups/v1/trash')).json();
    expect(trash.items.map((x: { kind: string }) => x.kind).sort()).toEqual(['DASHBOARD', 'DEVICE', 'THING']);
    expect(trash.items.every((x: { deleted_at?: string }) => x.deleted_at)).toBe(true);
    expect((await f.call(user.id, 'GET', '/groups/v1/devices')).json().items).toEqual([]);
    expect((await f.call(user.id, 'GET', '/groups/v1/devices?show_deleted=true')).json().items).toHaveLength(
      1,
    );
    // Two new things fill the free plan: the old one cannot come back.
    await f.thing(user.id, { name: 'New 1' });
    await f.thing(user.id, { name: 'New 2' });
    const blocked = await f.call(user.id, 'POST', '/groups/v1/trash/restore', {
      items: [{ kind: 'THING', id: thing.id }],
    });
    expect(blocked.statusCode).toBe(412);
    const restored = await f.call(user.id, 'POST', '/groups/v1/trash/restore', {
      items: [
        { kind: 'DEVICE', id: device.id },
        { kind: 'DASHBOARD', id: dashboard.id },
      ],
    });
    expect(restored.statusCode).toBe(204);
    expect((await f.call(user.id, 'GET', `/iot/v2/devices/${device.id}`)).statusCode).toBe(200);
    expect(
      (await f.call(user.id, 'POST', '/groups/v1/trash/purge', { items: [{ kind: 'THING', id: thing.id }] }))
        .statusCode,
    ).toBe(204);
    expect((await f.call(user.id, 'GET', '/groups/v1/trash')).json().items).toEqual([]);
    expect(
      (
        await f.call(user.id, 'POST', '/groups/v1/trash/purge', {
          items: [{ kind: 'THING', id: randomUUID() }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps lists and folders inside their space (X-Organization) and follows roles', async () => {
    const { space: school, admin, student } = await f.school({ planId: 'cloud-classroom' });
    const outsider = await t.createUser();
    const device = await f.device(admin.id, { name: 'class-board' }, school.id);
    const folder = (
      await f.call(
        admin.id,
        'POST',
        '/groups/v1/folders',
        { name: 'Class', kind: 'DEVICE' },
        { space: school.id },
      )
    ).json();
    expect((await f.call(admin.id, 'GET', '/groups/v1/devices')).json()).toEqual({ folders: [], items: [] });
    expect(
      (await f.call(student.id, 'GET', '/groups/v1/devices', undefined, { space: school.id })).json().items[0]
        .id,
    ).toBe(device.id);
    expect(
      (await f.call(outsider.id, 'GET', '/groups/v1/devices', undefined, { space: school.id })).statusCode,
    ).toBe(404);
    expect((await f.call(outsider.id, 'GET', `/groups/v1/devices?parent_id=${folder.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await f.call(outsider.id, 'PUT', '/groups/v1/items', {
          kind: 'DEVICE',
          ids: [device.id],
          folder_id: null,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await f.call(
          student.id,
          'PUT',
          '/groups/v1/items',
          { kind: 'DEVICE', ids: [device.id], folder_id: folder.id },
          { space: school.id },
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await f.call(student.id, 'DELETE', `/groups/v1/folders/${folder.id}`, undefined, { space: school.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await f.call(
          student.id,
          'POST',
          '/groups/v1/trash/purge',
          { items: [{ kind: 'DEVICE', id: device.id }] },
          { space: school.id },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await f.call(admin.id, 'GET', `/groups/v1/devices?parent_id=${folder.id}`, undefined, {
          space: school.id,
        })
      ).json().items,
    ).toHaveLength(1);
  });
});

describe('time zones and notifications', () => {
  it('lists every time zone with its offset and until', async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'GET', '/iot/v2/timezones');
    expect(res.statusCode).toBe(200);
    const zones = res.json() as { name: string; offset: number; until: string }[];
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((z) => z.name === 'UTC')).toMatchObject({ offset: 0 });
    expect(zones.find((z) => z.name === 'Asia/Tokyo')?.offset).toBe(32_400);
    expect((await f.call(null, 'GET', '/iot/v2/timezones')).statusCode).toBe(401);
  });

  it("lists the caller's notifications, newest first, and marks them read", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    await t.db.insert(notifications).values([
      { userId: user.id, kind: 'k', title: 'First', createdAt: new Date('2024-01-01T00:00:00Z') },
      { userId: user.id, kind: 'k', title: 'Second', createdAt: new Date('2024-01-02T00:00:00Z') },
      { userId: other.id, kind: 'k', title: 'Not yours' },
    ]);
    const list = (await f.call(user.id, 'GET', '/notifications')).json();
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n: { title: string; read: boolean }) => [n.title, n.read])).toEqual([
      ['Second', false],
      ['First', false],
    ]);
    const firstId = list.notifications[1].id;
    expect((await f.call(user.id, 'POST', '/notifications/read', { ids: [firstId] })).json()).toEqual({
      unread: 1,
    });
    expect(
      (await f.call(other.id, 'POST', '/notifications/read', { ids: [list.notifications[0].id] })).json(),
    ).toEqual({ unread: 1 });
    expect((await f.call(user.id, 'POST', '/notifications/read', {})).json()).toEqual({ unread: 0 });
    expect((await f.call(user.id, 'GET', '/notifications')).json().notifications[0]).toMatchObject({
      read: true,
    });
    expect((await f.call(null, 'GET', '/notifications')).statusCode).toBe(401);
  });
});
