import type { Database } from '../../../db/client.ts';
import { createOtaRepository, type OtaRow } from './ota.repository.ts';
import { createOtaUrls, type OtaUrls } from './ota-urls.ts';

/** An update in progress whose device says nothing for this long has failed. */
export const OTA_SILENCE_MS = 30 * 60_000;
/** The hash a device that never reported one is offered as its current firmware. */
const UNKNOWN_SHA256 = '0'.repeat(64);

/** The library's OTA states (compat §2.4), by the names the OTA status API shows. */
const STATE_NAMES: Record<number, string> = {
  0: 'resume',
  1: 'begin',
  2: 'idle',
  3: 'available',
  4: 'start',
  5: 'fetch',
  6: 'flash',
  7: 'reboot',
  8: 'fail',
  9: 'unavailable',
};
const FAIL = 8;
const UNAVAILABLE = 9;

interface OtaOffer {
  type: 'OtaUpdateDown';
  id: string;
  url: string;
  initialSha256: string;
  finalSha256: string;
}

interface OtaProgress {
  id: string;
  state: number;
  stateData: number;
  /** Microseconds since the epoch (plus a counter), as the library sends it. */
  time: number;
}

/**
 * The device's half of an OTA update, driven by its commands: OtaBeginUp says which firmware runs (ending
 * an update that rebooted into the new one) and that it can take an update, which is then offered;
 * OtaProgressUp reports the steps. An update is offered to a connected device at once, else when it next
 * says OtaBeginUp, until it expires.
 */
export function createOtaDevice(deps: { db: Database; publicUrl: string; urls?: OtaUrls }) {
  const repo = createOtaRepository(deps.db);
  const urls = deps.urls ?? createOtaUrls(deps);

  /** The firmware now running decides an update that was under way. */
  async function settle(active: OtaRow, sha256: string) {
    const initial =
      active.initialSha256 && active.initialSha256 !== UNKNOWN_SHA256 ? active.initialSha256 : null;
    const updated = sha256 === active.sha256 || (initial !== null && sha256 !== initial);
    if (updated) {
      if (await repo.setStatus(active.id, 'succeeded')) await repo.addState(active.id, 'succeeded', null);
    } else if (
      await repo.setStatus(active.id, 'failed', {
        errorReason: 'The device restarted on its previous firmware.',
      })
    ) {
      await repo.addState(active.id, 'failed', 'restarted on the previous firmware');
    }
  }

  return {
    /** The pending, unexpired update of the device as the command to send, marked as sent; or null. */
    async offer(deviceId: string): Promise<OtaOffer | null> {
      await repo.expireStale(deviceId, OTA_SILENCE_MS);
      const ota = await repo.active(deviceId);
      if (ota?.status !== 'pending') return null;
      if (ota.sentAt && ota.retryAttempt >= ota.maxRetries) {
        if (await repo.setStatus(ota.id, 'failed', { errorReason: 'The device did not start the update.' }))
          await repo.addState(ota.id, 'failed', 'not started after the last retry');
        return null;
      }
      // The file is kept while its update is unfinished; a missing one means nothing can be offered.
      const binary = ota.binaryId ? await repo.binary(ota.binaryId) : null;
      if (!binary) return null;
      const initialSha256 = (await repo.firmware(deviceId)) ?? UNKNOWN_SHA256;
      const { url } = await urls.sign(binary.id);
      await repo.markSent(ota, initialSha256);
      return { type: 'OtaUpdateDown', id: ota.id, url, initialSha256, finalSha256: ota.sha256 };
    },

    /** OtaBeginUp: records the running firmware and settles an update that was under way. */
    async begin(deviceId: string, sha256: string): Promise<void> {
      if (!(await repo.setFirmware(deviceId, sha256))) return;
      const active = await repo.active(deviceId);
      if (active?.status === 'in_progress') await settle(active, sha256);
    },

    /** OtaProgressUp: one step of the device's update (an id of another device's update is ignored). */
    async progress(deviceId: string, p: OtaProgress): Promise<'recorded' | 'ignored'> {
      const ota = await repo.findForDevice(deviceId, p.id);
      if (ota?.status !== 'pending' && ota?.status !== 'in_progress') return 'ignored';
      const name = STATE_NAMES[p.state] ?? `state_${p.state}`;
      const ms = p.time / 1000;
      // The device's clock, when it is plausible (NTP-synchronised boards); ours otherwise.
      const at = Number.isFinite(ms) && Math.abs(ms - Date.now()) < 24 * 3600_000 ? new Date(ms) : new Date();
      await repo.addState(ota.id, name, String(p.stateData), at);
      if (p.state === FAIL || p.state === UNAVAILABLE) {
        const reason =
          p.state === FAIL
            ? `The device failed the update (error ${p.stateData}).`
            : 'The device cannot take updates.';
        await repo.setStatus(ota.id, 'failed', { errorReason: reason });
        return 'recorded';
      }
      if (ota.status === 'pending') await repo.setStatus(ota.id, 'in_progress');
      return 'recorded';
    },
  };
}
export type OtaDevice = ReturnType<typeof createOtaDevice>;
