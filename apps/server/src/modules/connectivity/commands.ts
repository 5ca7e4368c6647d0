import type { FastifyBaseLogger } from 'fastify';
import type { OtaDevice } from '../iot/ota/ota-device.ts';
import type { ConnectivityRepository } from './connectivity.repository.ts';
import {
  type Command,
  decodeCommand,
  decodeSenml,
  encodeCommand,
  encodeSenml,
  isLegacyGetLastValues,
  type NetConfigParam,
  type SenmlRecord,
  valueToRecords,
} from './protocol.ts';
import type { Rejections } from './rejections.ts';
import type { Outbound, Sessions } from './sessions.ts';
import { timezoneInfo } from './timezone.ts';

/**
 * The device side of the session (compat §2.5): commands on `/a/d/{id}/c/up` answered on `c/dw`, and the
 * legacy flow of arduino-iot-js (thing id pushed on `/a/d/{id}/e/i`, last values on `shadow/i`).
 * Commands of one device are handled in the order they arrived.
 */
export function createCommands(deps: {
  repo: ConnectivityRepository;
  sessions: Sessions;
  outbound: Outbound;
  rejections: Rejections;
  logger: FastifyBaseLogger;
  /** The last stored value of each property (the telemetry store's). */
  lastValues: (propertyIds: string[]) => Promise<Map<string, { at: Date; value: unknown }>>;
  /** OTA updates: the device's reports and the offer of a pending update. */
  ota?: OtaDevice;
  /** Hears each timezone a device is told, so the offset scan knows it (dst-pushes.ts `remember`). */
  toldTimezone?: (deviceId: string, thingId: string, zone: string, until: number) => void;
}) {
  const queues = new Map<string, Promise<void>>();

  function inOrder(deviceId: string, work: () => Promise<void>) {
    const next = (queues.get(deviceId) ?? Promise.resolve()).then(work).catch((err: unknown) => {
      deps.logger.error({ err, deviceId }, 'device command failed');
    });
    queues.set(deviceId, next);
    void next.finally(() => {
      if (queues.get(deviceId) === next) queues.delete(deviceId);
    });
    return next;
  }

  /** Every last value of the thing's properties, dated, as SenML records. */
  async function lastValueRecords(thingId: string): Promise<SenmlRecord[]> {
    const records: SenmlRecord[] = [];
    const properties = await deps.repo.properties(thingId);
    const last = await deps.lastValues(properties.map((p) => p.id));
    for (const p of properties) {
      const v = last.get(p.id);
      if (!v || v.value === null || v.value === undefined) continue;
      try {
        records.push(...valueToRecords(p.variable, p.type, v.value, v.at.getTime()));
      } catch (err) {
        deps.logger.warn({ err, propertyId: p.id }, 'a stored last value could not be encoded; left out');
      }
    }
    return records;
  }

  /** The thing's zone now, as the device is told it (and the offset scan hears it). */
  function tellTimezone(deviceId: string, thingId: string, zone: string) {
    const tz = timezoneInfo(zone);
    deps.toldTimezone?.(deviceId, thingId, zone, tz.until);
    return tz;
  }

  async function lastValuesUpdate(deviceId: string, thingId: string): Promise<Uint8Array> {
    const thing = await deps.repo.thing(thingId);
    const tz = tellTimezone(deviceId, thingId, thing?.timezone ?? 'UTC');
    const records = [
      ...(await lastValueRecords(thingId)),
      { name: 'tz_offset', value: tz.offset },
      { name: 'tz_dst_until', value: tz.until },
    ];
    return encodeCommand({ type: 'LastValuesUpdate', senml: encodeSenml(records) });
  }

  /** Sends the device its pending OTA update, if it has one. */
  async function offerOta(deviceId: string) {
    const offer = await deps.ota?.offer(deviceId);
    if (offer) await deps.sessions.send(deviceId, offer);
  }

  async function handle(deviceId: string, cmd: Command) {
    const { sessions } = deps;
    switch (cmd.type) {
      case 'DeviceBegin':
        await deps.repo.setVersions(deviceId, { libVersion: cmd.libVersion.slice(0, 64) });
        return;
      case 'WiFiFwVersion':
        await deps.repo.setVersions(deviceId, { wifiFwVersion: cmd.version.slice(0, 64) });
        return;
      case 'DeviceNetConfig':
        await deps.repo.setNetConfig(deviceId, { adapter: cmd.adapter, params: storedParams(cmd.params) });
        return;
      case 'ThingBegin':
        await sessions.announce(deviceId);
        return;
      case 'LastValuesBegin': {
        const thingId = await sessions.thingOf(deviceId, true);
        if (thingId)
          await deps.outbound.publish(`/a/d/${deviceId}/c/dw`, await lastValuesUpdate(deviceId, thingId));
        return;
      }
      case 'TimezoneUp': {
        const thingId = await sessions.thingOf(deviceId);
        const thing = thingId ? await deps.repo.thing(thingId) : null;
        const zone = thing?.timezone ?? 'UTC';
        const tz = thingId ? tellTimezone(deviceId, thingId, zone) : timezoneInfo(zone);
        await sessions.send(deviceId, { type: 'TimezoneDown', offset: tz.offset, until: tz.until });
        return;
      }
      case 'OtaBeginUp': {
        if (!deps.ota) return;
        // The firmware it runs settles an update under way; then it can take a pending one.
        await deps.ota.begin(deviceId, cmd.sha256);
        await offerOta(deviceId);
        return;
      }
      case 'OtaProgressUp':
        if ((await deps.ota?.progress(deviceId, cmd)) !== 'recorded')
          deps.logger.debug(
            { deviceId, otaId: cmd.id },
            'OTA report for no update of this device in progress',
          );
        return;
      default:
        await deps.rejections.record(deviceId, `/a/d/${deviceId}/c/up`, [
          { name: cmd.type, reason: 'a command the cloud sends, not a device' },
        ]);
    }
  }

  return {
    /** A message on the device's `c/up`. */
    command(deviceId: string, payload: Uint8Array): Promise<void> {
      return inOrder(deviceId, async () => {
        let cmd: Command;
        try {
          cmd = decodeCommand(payload);
        } catch (err) {
          const reason = `malformed command: ${err instanceof Error ? err.message : String(err)}`;
          await deps.rejections.record(deviceId, `/a/d/${deviceId}/c/up`, [{ name: '', reason }]);
          return;
        }
        await handle(deviceId, cmd);
      });
    },

    /** Legacy: the device subscribed its `e/i` and waits for its thing id there. */
    legacySubscribed(deviceId: string): Promise<void> {
      return inOrder(deviceId, async () => {
        const thingId = await deps.sessions.thingOf(deviceId, true);
        if (!thingId) return;
        await deps.outbound.publish(
          `/a/d/${deviceId}/e/i`,
          encodeSenml([{ name: 'thing_id', value: thingId }]),
        );
      });
    },

    /** Legacy: a request on `/a/t/{thing}/shadow/o`; `getLastValues` is answered on `shadow/i`. */
    shadowRequest(deviceId: string, thingId: string, payload: Uint8Array): Promise<void> {
      return inOrder(deviceId, async () => {
        if (!isGetLastValues(payload)) {
          await deps.rejections.record(deviceId, `/a/t/${thingId}/shadow/o`, [
            { name: '', reason: 'unknown shadow request' },
          ]);
          return;
        }
        await deps.outbound.publish(`/a/t/${thingId}/shadow/i`, encodeSenml(await lastValueRecords(thingId)));
      });
    },

    lastValuesUpdate,

    /** An OTA update was recorded while the device may be connected: offered now, in the device's order. */
    offerOta(deviceId: string): Promise<void> {
      return inOrder(deviceId, () => offerOta(deviceId));
    },
  };
}
export type Commands = ReturnType<typeof createCommands>;

function isGetLastValues(payload: Uint8Array): boolean {
  if (isLegacyGetLastValues(payload)) return true;
  try {
    return decodeSenml(payload).some((r) => r.name === 'r:m' && r.value === 'getLastValues');
  } catch {
    return false;
  }
}

/**
 * Network settings as stored: bytes (Ethernet addresses) in hex; text after the first (SSID, APN) hidden, as it
 * may be a login or a key.
 */
function storedParams(params: NetConfigParam[]): unknown[] {
  return params.map((p, i) =>
    typeof p === 'string' ? (i === 0 ? p : '********') : Buffer.from(p).toString('hex'),
  );
}
