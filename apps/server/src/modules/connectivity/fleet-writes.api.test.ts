import { randomUUID } from 'node:crypto';
import { encodeSenml, valueToRecords } from '@tinkercloud/device-protocol';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { telemetryStoreFor } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { iotTestApp } from '../iot/testing/iot-fixtures.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';
import { createIngest, ingestOptionsFor } from './ingest.ts';
import { createPresence } from './presence.ts';
import { createRefusedValuesRepository } from './refused-values.repository.ts';
import { createRejections } from './rejections.ts';
import { createSessions, RECHECK_AFTER_MS } from './sessions.ts';
import { createThingCache } from './thing-cache.ts';

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
    const connections = new Map<string, object>(ids.map((id) => [id, {}]));
    // As the broker does: the connection ends, and so does its session.
    const end = (id: string) => {
      disconnected.push(id);
      sessions.close(id, connections.get(id) as object);
    };
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
      disconnect: end,
    });
    const space = { organizationId: null, ownerUserId: userId };
    for (const id of ids) sessions.open(id, space, null, connections.get(id) as object);
    const last = ids[FLEET - 1] as string;
    await t.db.execute(sql`update iot_devices set deleted_at = now() where id = ${last}`);
    await sessions.recheck();

    expect(groups).toEqual([1_000, 250]);
    expect(disconnected).toEqual([last]);

    // The periodic re-check reads only the bindings read RECHECK_AFTER_MS ago, a thousand a call at most.
    groups.length = 0;
    await sessions.recheck({ dueOnly: true });
    expect(groups).toEqual([]);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + RECHECK_AFTER_MS);
    try {
      await sessions.recheck({ dueOnly: true });
      await sessions.recheck({ dueOnly: true });
      await sessions.recheck({ dueOnly: true });
    } finally {
      clock.mockRestore();
    }
    // 1,249 sessions are left (the deleted device's ended); the third call found none due.
    expect(groups).toEqual([1_000, 249]);
  });

  it('on PGlite, writes one batch at a time and gathers what arrives meanwhile into the next', async () => {
    // The embedded database's options, whichever database this run has: what they change is the batching.
    const things = ids.slice(0, 40).map(() => randomUUID());
    await t.db.execute(sql`
      insert into iot_things (id, owner_user_id, name, timezone)
      select id, ${userId}::uuid, 'fleet thing ' || n, 'UTC' from unnest(${sql.param(things)}::uuid[]) with ordinality as i(id, n)`);
    await t.db.execute(sql`
      insert into iot_properties (id, thing_id, name, variable_name, type, permission, update_strategy)
      select gen_random_uuid(), id, 'v0', 'v0', 'FLOAT', 'READ_ONLY', 'ON_CHANGE' from unnest(${sql.param(things)}::uuid[]) as i(id)`);
    const repo = createConnectivityRepository(t.db);
    const store = telemetryStoreFor(loadConfig({}), t.database);
    const writes: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const sent: Promise<unknown>[] = [];
    const send = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const thingId = things[i] as string;
        const payload = Buffer.from(encodeSenml(valueToRecords('v0', 'FLOAT', i)));
        sent.push(ingest.fromDevice(ids[i] as string, thingId, `/a/t/${thingId}/e/o`, payload));
      }
    };
    const ingest = createIngest({
      things: createThingCache(repo),
      telemetry: {
        write: async (points) => {
          writes.push(points.length);
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          // The second half arrives while the first batch is being written, which takes a while.
          if (writes.length === 1) send(20, 40);
          try {
            const written = await store.write(points);
            await new Promise((resolve) => setTimeout(resolve, 50));
            return written;
          } finally {
            inFlight--;
          }
        },
      },
      rejections: createRejections({ repo, refused: createRefusedValuesRepository(t.db), logger }),
      logger,
      options: ingestOptionsFor('pglite'),
    });
    send(0, 20);
    await Promise.all(sent.slice(0, 20));
    await Promise.all(sent);

    // Two batches, one after the other: with batches written two at a time (PostgreSQL's options) the
    // second would have begun 5 ms after it arrived, beside the first.
    expect(writes).toEqual([20, 20]);
    expect(mostInFlight).toBe(1);
  });
});
