import type { FastifyBaseLogger } from 'fastify';
import { inGroups } from './in-groups.ts';
import type { Sessions } from './sessions.ts';
import type { ThingCache } from './thing-cache.ts';
import { timezoneInfo } from './timezone.ts';

/** Connected devices are looked at this often: a DST change reaches them within this delay. */
const DST_SCAN_MS = 30_000;
/** Devices looked at together in a scan. */
const SCAN_GROUP = 1_000;

/**
 * Offset changes (daylight saving time) pushed to connected devices: a device was told its thing's offset and
 * until when it holds (`tz_dst_until`, in LastValuesUpdate or TimezoneDown); once that moment has passed, or
 * the thing's timezone was edited, it gets a TimezoneDown with the new values. One periodic scan over this
 * process's sessions; `scan(now)` takes the time, so tests can move it. With an external broker every process
 * sees every device, so a device may get the same (harmless) TimezoneDown once from each.
 */
export function createDstPushes(deps: { sessions: Sessions; things: ThingCache; logger: FastifyBaseLogger }) {
  /** Per connected device: its thing, the zone it was told, and the last second that telling holds. */
  const told = new Map<string, { thingId: string; zone: string; until: number }>();
  let lastScan: number | null = null;

  async function scanDevice(deviceId: string, now: number, since: number) {
    const thingId = deps.sessions.get(deviceId)?.thingId ?? null;
    if (!thingId) {
      told.delete(deviceId);
      return;
    }
    const zone = (await deps.things.get(thingId))?.thing.timezone ?? 'UTC';
    const known = told.get(deviceId);
    if (!known || known.thingId !== thingId) {
      // Seen for the first time and its telling not heard (another process answered it): it learnt its
      // timezone when it connected, at the earliest at the last scan.
      const { until } = timezoneInfo(zone, since);
      told.set(deviceId, { thingId, zone, until });
      if (until >= Math.floor(now / 1000)) return;
    } else if (known.zone === zone && known.until >= Math.floor(now / 1000)) {
      return;
    }
    const tz = timezoneInfo(zone, now);
    told.set(deviceId, { thingId, zone, until: tz.until });
    await deps.sessions.send(deviceId, { type: 'TimezoneDown', offset: tz.offset, until: tz.until });
    deps.logger.info({ deviceId, offset: tz.offset }, 'timezone offset changed: device told');
  }

  return {
    /**
     * What a device was told as its session began (LastValuesUpdate, TimezoneDown): a zone changed between
     * that and the next scan is then pushed, where assuming the current zone would keep the old offset.
     */
    remember(deviceId: string, thingId: string, zone: string, until: number): void {
      told.set(deviceId, { thingId, zone, until });
    },

    /** Tells every connected device whose offset changed since it was last told. */
    async scan(now = Date.now()): Promise<void> {
      const since = lastScan ?? now;
      lastScan = now;
      const connected = new Set(deps.sessions.connectedDevices());
      for (const id of told.keys()) if (!connected.has(id)) told.delete(id);
      // A group at a time, so the things not cached yet are read together rather than one by one.
      for (const group of inGroups([...connected], SCAN_GROUP)) {
        await Promise.all(
          group.map((id) =>
            scanDevice(id, now, since).catch((err: unknown) =>
              deps.logger.warn({ err, deviceId: id }, 'timezone change not pushed'),
            ),
          ),
        );
      }
    },

    /** Starts the periodic scan; returns its stop. */
    start(): () => void {
      const timer = setInterval(() => void this.scan(), DST_SCAN_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
