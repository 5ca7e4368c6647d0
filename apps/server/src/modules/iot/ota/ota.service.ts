import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { ConnectivityHooks } from '../../connectivity/hooks.ts';
import type { IotQuotas } from '../common/quotas.ts';
import { compact, iso } from '../common/schemas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { type BinaryInfo, createOtaRepository, type OtaListRow, type OtaStateRow } from './ota.repository.ts';
import { OTA_SILENCE_MS } from './ota-device.ts';
import type { OtaUrls } from './ota-urls.ts';

/** Firmware files are at most this large (the largest Arduino OTA partitions hold a few MB). */
export const OTA_MAX_BYTES = 10 * 1024 * 1024;
/** Upstream's default wait for the device. */
const DEFAULT_EXPIRE_MINS = 10;
/** How often an update is sent again to a device that reconnects without starting it. */
const OTA_MAX_RETRIES = 3;
/** Files kept per device (the newest; those of unfinished updates too): uploads cannot fill the database. */
export const OTA_FILES_PER_DEVICE = 5;
/** The OTA API version we speak (ids and statuses: version 2 and above). */
const OTA_VERSION = 2;

export const OTA_NEEDS_PLAN = 'OTA updates need a plan that includes them (Maker or above).';
export const OTA_IN_PROGRESS = 'An OTA update is already in progress for this device.';

function otaView(row: OtaListRow) {
  return compact({
    id: row.id,
    device_id: row.deviceId,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    ended_at: iso(row.endedAt),
    error_reason: row.errorReason ?? undefined,
    firmware_size: row.firmwareSize,
    sha256: row.sha256,
    binary_key: row.key ?? undefined,
    max_retries: row.maxRetries,
    retry_attempt: row.retryAttempt,
  });
}

function stateView(row: OtaStateRow) {
  return compact({
    ota_id: row.otaId,
    state: row.state,
    state_data: row.stateData ?? undefined,
    timestamp: row.at.toISOString(),
  });
}

interface OtaStart {
  expireInMins?: number;
}

/**
 * OTA updates (DevicesV2OtaApi and the OTA status API): a firmware file is stored (uploaded, or named by its
 * binary key), an update is recorded for the device and offered to it over MQTT with a signed download link;
 * the device's reports move it on. One unfinished update per device (409); only plans with `ota` (412).
 */
export function createOtaService(deps: {
  db: Database;
  resolve: SpaceResolver;
  quotas: IotQuotas;
  urls: OtaUrls;
  connectivity?: ConnectivityHooks;
  logger?: FastifyBaseLogger;
}) {
  const repo = createOtaRepository(deps.db);
  const devices = createDevicesRepository(deps.db);

  async function deviceIn(space: IotSpace, id: string) {
    const rec = await devices.find(space, id);
    if (!rec) throw notFound('Device');
    return rec.device;
  }

  /** The space and device of an update request, with the plan checked. */
  async function prepare(ref: SpaceRequest, id: string) {
    const space = await deps.resolve(ref, 'iot.write');
    const device = await deviceIn(space, id);
    const { limits, expired } = await deps.quotas.limitsFor(deps.db, space);
    if (expired || !limits.ota) throw new AppError('precondition_failed', OTA_NEEDS_PLAN);
    return { space, device };
  }

  /** Records the update (and the new file) unless one is unfinished, then offers it to the device. */
  async function start(deviceId: string, file: Buffer | BinaryInfo, opts: OtaStart) {
    await repo.expireStale(deviceId, OTA_SILENCE_MS);
    const minutes = opts.expireInMins ?? DEFAULT_EXPIRE_MINS;
    const { ota, binary } = await deps.db.transaction(async (tx) => {
      await repo.lockDevice(tx, deviceId);
      if (await repo.active(deviceId, tx)) throw new AppError('conflict', OTA_IN_PROGRESS);
      let binary: BinaryInfo;
      if (Buffer.isBuffer(file)) {
        const id = randomUUID();
        binary = await repo.insertBinary(tx, {
          id,
          key: `ota/${deviceId}/${id}.ota`,
          deviceId,
          content: file,
          sha256: createHash('sha256').update(file).digest('hex'),
        });
        await repo.pruneBinaries(tx, deviceId, OTA_FILES_PER_DEVICE);
      } else binary = file;
      const ota = await repo.insertOta(tx, {
        deviceId,
        binaryId: binary.id,
        sha256: binary.sha256,
        firmwareSize: binary.size,
        expiresAt: new Date(Date.now() + minutes * 60_000),
        maxRetries: OTA_MAX_RETRIES,
      });
      return { ota, binary };
    });
    // Offered now when the device is connected; otherwise when it next says OtaBeginUp.
    await deps.connectivity?.otaOffered(deviceId).catch((err: unknown) => {
      deps.logger?.error({ err, deviceId }, 'OTA update not offered');
    });
    return { ota_version: OTA_VERSION, ota_id: ota.id, status: ota.status, file_sha: binary.sha256 };
  }

  async function foundOta(space: IotSpace, otaId: string) {
    const row = await repo.find(space, otaId);
    if (!row) throw notFound('OTA');
    return row;
  }

  return {
    /** Checks what can be checked before the file is read (space, device, plan). */
    async checkUpload(ref: SpaceRequest, id: string) {
      await prepare(ref, id);
    },

    async upload(ref: SpaceRequest, id: string, file: Buffer, opts: OtaStart) {
      if (file.length === 0) throw new AppError('bad_request', 'The ota_file is empty.');
      const { device } = await prepare(ref, id);
      return start(device.id, file, opts);
    },

    /** `PUT …/ota`: a file stored before (its binary key), for any device of the same space. */
    async send(ref: SpaceRequest, id: string, binaryKey: string, opts: OtaStart) {
      const { space, device } = await prepare(ref, id);
      const binary = await repo.findBinary(space, { key: binaryKey });
      if (!binary) throw notFound('Binary');
      return start(device.id, binary, opts);
    },

    /** `POST …/ota/url`: a signed download link for a stored file (by key, by hash, or the device's latest). */
    async url(ref: SpaceRequest, id: string, body: { binary_key?: string; sha256?: string }) {
      const space = await deps.resolve(ref, 'iot.read');
      const device = await deviceIn(space, id);
      const binary = await repo.findBinary(space, {
        key: body.binary_key,
        sha256: body.sha256?.toLowerCase(),
        deviceId: body.binary_key ? undefined : device.id,
      });
      if (!binary) throw notFound('Binary');
      const { url, expiresAt } = await deps.urls.sign(binary.id);
      return { url, expires_at: expiresAt.toISOString() };
    },

    async list(ref: SpaceRequest, q: { device_id: string; limit?: number; order?: 'asc' | 'desc' }) {
      const space = await deps.resolve(ref, 'iot.read');
      const device = await deviceIn(space, q.device_id);
      await repo.expireStale(device.id, OTA_SILENCE_MS);
      return { ota: (await repo.list(device.id, q.limit ?? 100, q.order ?? 'desc')).map(otaView) };
    },

    async show(ref: SpaceRequest, otaId: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const first = await foundOta(space, otaId);
      await repo.expireStale(first.deviceId, OTA_SILENCE_MS);
      const row = await foundOta(space, otaId);
      return { ota: otaView(row), states: (await repo.states(row.id)).map(stateView) };
    },

    /** Stops an unfinished update: it is offered no more, and later reports of the device are ignored. */
    async cancel(ref: SpaceRequest, otaId: string) {
      const space = await deps.resolve(ref, 'iot.write');
      const row = await foundOta(space, otaId);
      if (!(await repo.setStatus(row.id, 'cancelled')))
        throw new AppError('conflict', 'The OTA update has already ended.');
      await repo.addState(row.id, 'cancelled', null);
      return { ota: otaView(await foundOta(space, otaId)) };
    },

    /** The file behind a signed download link. */
    async download(binaryId: string, expires: number, signature: string): Promise<Buffer> {
      const verdict = await deps.urls.check(binaryId, expires, signature);
      if (verdict === 'bad') throw notFound('Binary');
      if (verdict === 'expired') throw new AppError('gone', 'This download link has expired.');
      const content = await repo.binaryContent(binaryId);
      if (!content) throw notFound('Binary');
      return content;
    },
  };
}
export type OtaService = ReturnType<typeof createOtaService>;
