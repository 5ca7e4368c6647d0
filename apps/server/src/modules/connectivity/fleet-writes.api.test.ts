import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { iotTestApp } from '../iot/testing/iot-fixtures.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';
import { createPresence } from './presence.ts';
import { createSessions } from './sessions.ts';

// A fleet's periodic writes and reads go to the database in groups: PGlite runs one statement at a time, and
// one statement for thousands of devices held it for up to a second while every value waited behind it.

const FLEET = 1_250;
const logger = pino({ level: 'silent' });

describe('periodic fleet work on the database', () => {
  let t: TestApp;
  let userId: string;
  const ids = Array.from({ length: FLEET }, () => randomUUID());
  beforeAll(async () => {
    ({ t } = await iotTestApp());
    userId = (await t.createUser()).id;
    await t.db.execute(sql`
      insert into iot_devices (id, owner_user_id, name, type, fqbn, connection_type)
      select id, ${userId}::uuid, 'fleet-' || n, 'nano_33_iot', 'arduino:samd:nano_33_iot', 'wifi'
      from unnest(${sql.param(ids)}::uuid[]) with ordinality as i(id, n)`);
  });
  afterAll(() => t?.close());

  it('writes the activity of many devices in groups of at most 500, every device written', async () => {
    const repo = createConnectivityRepository(t.db);
    const groups: number[] = [];
    const presence = createPresence({
      repo: {
        ...repo,
        touch: (deviceIds, at) => {
          groups.push(deviceIds.length);
          return repo.touch(deviceIds, at);
        },
      },
      logger,
    });
    const space = { organizationId: null, ownerUserId: userId };
    await Promise.all(ids.map((id) => presence.connected(id, space, {})));
    // Activity counts once the last write (the status, at connect) is 30 s old.
    const later = Date.now() + 31_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      for (const id of ids) presence.activity(id);
      await presence.flushActivity();
    } finally {
      clock.mockRestore();
    }

    expect(groups).toEqual([500, 500, 250]);
    const written = (await t.db.execute(
      sql`select count(*)::int as n from iot_devices
          where owner_user_id = ${userId} and last_activity_at = ${new Date(later).toISOString()}`,
    )) as { rows: { n: number }[] };
    expect(written.rows[0]?.n).toBe(FLEET);
  });

  it('re-reads the bindings of many sessions in groups of at most 1,000, and still ends a deleted device', async () => {
    const repo = createConnectivityRepository(t.db);
    const groups: number[] = [];
    const disconnected: string[] = [];
    const sessions = createSessions({
      repo: {
        ...repo,
        bindings: (deviceIds) => {
          groups.push(deviceIds.length);
          return repo.bindings(deviceIds);
        },
      },
      outbound: { publish: async () => undefined },
      logger,
      disconnect: (id) => disconnected.push(id),
    });
    const space = { organizationId: null, ownerUserId: userId };
    for (const id of ids) sessions.open(id, space, null, {});
    const last = ids[FLEET - 1] as string;
    await t.db.execute(sql`update iot_devices set deleted_at = now() where id = ${last}`);
    await sessions.recheck();

    expect(groups).toEqual([1_000, 250]);
    expect(disconnected).toEqual([last]);
  });
});
