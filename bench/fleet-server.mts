// The server side of `npm run bench:fleet` (bench/fleet.mts starts it as a child process, so the figures read
// from /proc are this process's alone): the app, connectivity and the telemetry store as the server wires them,
// with TLS on as it is out of the box, on the database it is given. The fleet (BENCH_FLEET_FILE: device and
// thing ids chosen by the parent, which also needs them for Mosquitto's clients) is written straight into the
// tables with bulk inserts: making 10,000 devices through the REST API would take longer than the run, and the
// plans' thing limits are per account. Each thing has one FLOAT property `v0`.
// Embedded setup: the devices log in with client certificates of the device CA on the TLS listener, as
// certificate boards do; the parent signs them (they cost this process nothing) and sends their rows here.
// Talks to its parent over IPC: "ready", then answers "certs", "count" and "stop". With BENCH_FLEET_SEEDED=1
// it starts on a database seeded by an earlier start (the parent restarts it so, see fleet.mts).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadOrCreateSecret } from '../apps/server/src/idp/secrets.ts';
import { createTestApp } from '../apps/server/test/app.ts';
import { openChildDatabase } from './child-database.ts';
import { type CommitStats, recordCommits } from './commit-recorder.ts';

export interface FleetDevice {
  id: string;
  thingId: string;
}
/** A device certificate signed by the parent, as iot_device_certs keeps it. */
export interface CertRow {
  deviceId: string;
  serial: string;
  der: string;
  authorityKeyId: string;
  signatureR: string;
  signatureS: string;
  notBefore: string;
  notAfter: string;
}
export type FleetToParent =
  | {
      kind: 'ready';
      /** The MQTT over TLS port (embedded broker), or null with an external broker. */
      tlsPort: number | null;
      /** The CA the TLS listener's certificate chains to (embedded). */
      serverCaPem: string | null;
      /** The device CA, to sign the devices' certificates (embedded). */
      deviceCa: { key: string; certificate: string } | null;
    }
  | { kind: 'seeded' }
  | { kind: 'count'; rows: number; commits: CommitStats }
  | { kind: 'error'; message: string };
export type FleetToChild = { kind: 'certs'; rows: CertRow[] } | { kind: 'count' } | { kind: 'stop' };

const send = (m: FleetToParent) => process.send?.(m);
const fleet = JSON.parse(readFileSync(process.env.BENCH_FLEET_FILE as string, 'utf8')) as FleetDevice[];
const external = Boolean(process.env.MQTT_URL);

const { database, note } = await openChildDatabase();
const t = await createTestApp(
  {
    IOT_RATE_LIMIT_PER_MINUTE: '0',
    DATA_DIR: process.env.DATA_DIR as string,
    ...(external ? { MQTT_URL: process.env.MQTT_URL as string } : {}),
  },
  // The embedded broker's TLS listener as `npm start` has it (a local CA made in DATA_DIR); with Mosquitto
  // the devices' TLS ends at Mosquitto.
  { broker: true, database, tls: !external },
);

// Every value is its send time.
const recorder = recordCommits(t.connectivity?.ingest.onValues, () => true);

const CHUNK = 1000;

/** Devices, their things and one FLOAT property each, 1,000 a statement. */
async function seedFleet(userId: string) {
  for (let from = 0; from < fleet.length; from += CHUNK) {
    const part = fleet.slice(from, from + CHUNK);
    const deviceIds = part.map((d) => d.id);
    const thingIds = part.map((d) => d.thingId);
    const names = part.map((_, i) => `fleet-${from + i}`);
    const propertyIds = part.map(() => randomUUID());
    await t.db.execute(sql`
      insert into iot_devices (id, owner_user_id, name, type, fqbn, connection_type)
      select id, ${userId}::uuid, name, 'nano_33_iot', 'arduino:samd:nano_33_iot', 'wifi'
      from unnest(${sql.param(deviceIds)}::uuid[], ${sql.param(names)}::text[]) as i(id, name)`);
    await t.db.execute(sql`
      insert into iot_things (id, owner_user_id, name, timezone, device_id)
      select id, ${userId}::uuid, name, 'UTC', device_id
      from unnest(${sql.param(thingIds)}::uuid[], ${sql.param(names)}::text[], ${sql.param(deviceIds)}::uuid[])
        as i(id, name, device_id)`);
    await t.db.execute(sql`
      insert into iot_properties (id, thing_id, name, variable_name, type, permission, update_strategy)
      select id, thing_id, 'v0', 'v0', 'FLOAT', 'READ_ONLY', 'ON_CHANGE'
      from unnest(${sql.param(propertyIds)}::uuid[], ${sql.param(thingIds)}::uuid[]) as i(id, thing_id)`);
    note(`${from + part.length} devices seeded`);
  }
  // A fleet that exists has had its tables' statistics taken (PostgreSQL's autovacuum; on PGlite the server's
  // own check every 30 s, src/db/pglite-maintenance.ts). Seeded a moment before connecting, logins would
  // otherwise be measured against tables planned as empty: certificate reads scanned all 10,000 rows until
  // the first check.
  await t.db.execute(sql`analyze iot_devices, iot_things, iot_properties`);
}

async function seedCerts(rows: CertRow[]) {
  for (let from = 0; from < rows.length; from += CHUNK) {
    const part = rows.slice(from, from + CHUNK);
    const col = <K extends keyof CertRow>(k: K) => part.map((r) => r[k]);
    await t.db.execute(sql`
      insert into iot_device_certs (device_id, ca, der, serial, authority_key_id, signature_r, signature_s,
                                    not_before, not_after)
      select device_id, 'Arduino_v2', decode(der, 'hex'), serial, aki, r, s, nb, na
      from unnest(${sql.param(col('deviceId'))}::uuid[], ${sql.param(col('der'))}::text[],
                  ${sql.param(col('serial'))}::text[], ${sql.param(col('authorityKeyId'))}::text[],
                  ${sql.param(col('signatureR'))}::text[], ${sql.param(col('signatureS'))}::text[],
                  ${sql.param(col('notBefore'))}::timestamptz[], ${sql.param(col('notAfter'))}::timestamptz[])
        as i(device_id, der, serial, aki, r, s, nb, na)`);
  }
  await t.db.execute(sql`analyze iot_device_certs`); // as the fleet's tables, seedFleet
  note(`${rows.length} device certificates seeded`);
}

try {
  if (process.env.BENCH_FLEET_SEEDED !== '1') await seedFleet((await t.createUser()).id);
  const deviceCa = external
    ? null
    : await loadOrCreateSecret<{ key: string; certificate: string }>(t.db, 'iot.device_ca', async () => {
        throw new Error('the device CA should exist once the TLS listener runs');
      });
  send({
    kind: 'ready',
    tlsPort: t.connectivity?.listening?.tlsPort ?? null,
    serverCaPem: external ? null : readFileSync(`${process.env.DATA_DIR}/tls/ca.pem`, 'utf8'),
    deviceCa,
  });
} catch (err) {
  send({ kind: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}

process.on('message', async (m: FleetToChild) => {
  if (m.kind === 'certs') {
    await seedCerts(m.rows);
    send({ kind: 'seeded' });
    return;
  }
  if (m.kind === 'count') {
    send(await recorder.count(t.db));
    return;
  }
  await t.close();
  await database.close();
  process.exit(0);
});
