import { randomInt, randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { AppError, forbidden, notFound } from '../../../errors.ts';
import { hashPassword, verifyPassword } from '../../accounts/password.ts';
import type { ConnectivityHooks } from '../../connectivity/hooks.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { TelemetryStore } from '../../telemetry/telemetry-store.ts';
import { boardOf } from '../catalogue/boards.ts';
import type { AnswerCache } from '../common/answer-cache.ts';
import type { IotQuotas } from '../common/quotas.ts';
import { type Tag, tagFilterObject } from '../common/schemas.ts';
import { type IotSpace, type SpaceRequest, type SpaceResolver, spaceKeyOf } from '../common/space.ts';
import { withoutTag, withTag } from '../common/tags.ts';
import { createPropertiesRepository } from '../properties/properties.repository.ts';
import { checkedPoint } from '../properties/property-rules.ts';
import type { ThingCode } from '../sketches/thing-code.ts';
import type { TriggerFiring } from '../triggers/trigger-firing.ts';
import { deviceView, propertyView, tagList } from '../views.ts';
import type { DeviceClaimBody } from './claim.schemas.ts';
import { createDevicesRepository, type DeviceChanges, type DeviceRecord } from './devices.repository.ts';
import type { DeviceCreateBody, DeviceUpdateBody } from './devices.schemas.ts';

/** How long stored values are kept (shown on `GET /iot/v2/devices/{id}/properties`). */
const DATA_RETENTION_DAYS = 30;
const WRONG_PASSWORD = 'The password does not match.';
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type PropertyInput = { name: string; type: 'infer' | 'base64' | 'hex' | 'json'; value: unknown };

/** The value of `PUT /iot/v2/devices/{id}/properties` entries, decoded as their `type` says. */
function decodeInput(p: PropertyInput): unknown {
  if (p.type === 'infer') return p.value;
  if (typeof p.value !== 'string') {
    throw new AppError(
      'validation_error',
      `The value of ${p.name} must be a string when its type is ${p.type}.`,
    );
  }
  const text =
    p.type === 'json' ? p.value : Buffer.from(p.value, p.type === 'hex' ? 'hex' : 'base64').toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    if (p.type === 'json')
      throw new AppError('validation_error', `The value of ${p.name} is not valid JSON.`);
    return text;
  }
}

type DeviceListQuery = {
  serial?: string;
  uniqueHardwareId?: string;
  showDeleted?: boolean;
  tags: string[];
};

/** Filters in one spelling, so that equal queries share a cache entry. */
function listFilters(q: DeviceListQuery) {
  const tags = tagFilterObject(q.tags);
  return {
    serial: q.serial,
    uniqueHardwareId: q.uniqueHardwareId,
    showDeleted: q.showDeleted ?? false,
    tags: Object.fromEntries(Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

/** The row of a new device from a create or claim payload. */
function newDevice(space: IotSpace, id: string, body: Omit<DeviceCreateBody, 'soft_deleted'>) {
  const board = boardOf(body.type, body.fqbn);
  return {
    id,
    organizationId: space.organizationId,
    ownerUserId: space.ownerUserId,
    name: body.name ?? `Device_${id.slice(0, 8)}`,
    type: body.type,
    fqbn: body.fqbn ?? board?.fqbn ?? null,
    serial: body.serial ?? '',
    connectionType: body.connection_type ?? null,
    uniqueHardwareId: body.unique_hardware_id ?? null,
    bleMac: body.ble_mac ?? null,
    locked: body.locked ?? false,
    wifiFwVersion: body.wifi_fw_version ?? null,
  };
}

/** Devices v2: CRUD with soft and forced delete, tags, secret key (`pass`), properties, events and status. */
export function createDevicesService(deps: {
  db: Database;
  resolve: SpaceResolver;
  listCache: AnswerCache;
  /** The plan's `devices` limit, checked where a device is added (created, claimed, back from the trash). */
  quotas: Pick<IotQuotas, 'require'>;
  events?: EventBus;
  telemetry: TelemetryStore;
  /**
   * Told when a device goes to the trash, comes back, goes for good or its key changes (connections end, an
   * external broker learns it).
   */
  connectivity?: ConnectivityHooks;
  /** Triggers watching values written as if by the device (this process stored them, so it fires them). */
  triggers?: Pick<TriggerFiring, 'valuesStored'>;
  /** Keeps the sketch of the thing a device drives in step with the device's type and connection. */
  code?: Pick<ThingCode, 'deviceChanged' | 'deviceRemoving'>;
}) {
  const live = iotEvents(deps.events);
  const repo = createDevicesRepository(deps.db);
  const properties = createPropertiesRepository(deps.db);

  /** Runs `add` in one transaction with the space's devices limit checked first (under the quota lock). */
  function withinDeviceLimit<T>(space: IotSpace, add: (tx: Database) => Promise<T>): Promise<T> {
    return inTransaction(deps.db, async (tx) => {
      await deps.quotas.require(tx, space, 'devices', () => createDevicesRepository(tx).count(space));
      return add(tx);
    });
  }

  async function found(space: IotSpace, id: string, withDeleted = false): Promise<DeviceRecord> {
    const rec = await repo.find(space, id, { withDeleted });
    if (!rec) throw notFound('Device');
    return rec;
  }

  async function show(space: IotSpace, id: string, withDeleted = false) {
    return deviceView(await found(space, id, withDeleted));
  }

  return {
    /**
     * The list serialised, from the cache while the space's change marker (kept by the database) has not
     * moved and the minute it was built in has not ended: activity does not move the marker (a fleet writes
     * it every 30 s), so the minute bounds how old a shown last activity may be. Every member who may read
     * the space sees the same list, so the key is the space and the filters; the role check runs on every
     * call, before the cache is consulted.
     */
    async listAnswer(ref: SpaceRequest, q: DeviceListQuery) {
      const space = await deps.resolve(ref, 'iot.read', { devicesMarker: true });
      const filters = listFilters(q);
      const key = `${spaceKeyOf(space)} ${JSON.stringify(filters)}`;
      const minute = Math.floor(Date.now() / 60_000);
      return deps.listCache.get(key, `${space.devicesMarker ?? ''} ${minute}`, async () =>
        (await repo.list(space, filters)).map(deviceView),
      );
    },

    async show(ref: SpaceRequest, id: string) {
      return show(await deps.resolve(ref, 'iot.read'), id);
    },

    async create(ref: SpaceRequest, body: DeviceCreateBody) {
      const space = await deps.resolve(ref, 'iot.write');
      const id = randomUUID();
      await withinDeviceLimit(space, (tx) => createDevicesRepository(tx).insert(newDevice(space, id, body)));
      live.deviceUpdated(space, id);
      return show(space, id);
    },

    /**
     * A board claimed by its unique hardware id. A live device of any space that already holds the id keeps
     * it (409): its owner releases it first (`remove-uhwid`), so knowing a board's id never takes it away.
     */
    async claim(ref: SpaceRequest, body: DeviceClaimBody) {
      const space = await deps.resolve(ref, 'iot.write');
      if (body.user_id !== ref.actorId)
        throw forbidden('A board is claimed for yourself: user_id must be your id.');
      const id = body.ID ?? randomUUID();
      await withinDeviceLimit(space, async (tx) => {
        const txRepo = createDevicesRepository(tx);
        await txRepo.lockHardwareId(body.unique_hardware_id);
        const taken = await txRepo.claimTaken(body.unique_hardware_id, id);
        if (taken === 'hardware')
          throw new AppError(
            'conflict',
            'This board is already claimed by a device: its owner must release it first.',
          );
        if (taken === 'id') throw new AppError('conflict', `A device with the id ${id} already exists.`);
        await txRepo.insert(newDevice(space, id, body));
      });
      live.deviceUpdated(space, id);
      return show(space, id);
    },

    /** Releases the board: the device forgets its hardware id, so the board can be claimed again. */
    async removeHardwareId(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.write');
      const { device } = await found(space, id);
      if (device.locked)
        throw new AppError(
          'precondition_failed',
          'The device is locked: unlock it (locked: false) before releasing its board.',
        );
      await repo.update(device.id, { uniqueHardwareId: null });
      live.deviceUpdated(space, device.id);
      return show(space, id);
    },

    /** Updates the given fields; `soft_deleted: false` brings a soft-deleted device back. */
    async update(ref: SpaceRequest, id: string, body: DeviceUpdateBody) {
      const space = await deps.resolve(ref, 'iot.write');
      const { device } = await found(space, id, true);
      const restoring = device.deletedAt !== null && body.soft_deleted === false;
      if (device.deletedAt && !restoring) throw notFound('Device');
      const changes: DeviceChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.serial !== undefined) changes.serial = body.serial;
      if (body.type !== undefined) changes.type = body.type;
      if (body.fqbn !== undefined) changes.fqbn = body.fqbn;
      else if (body.type !== undefined && body.type !== device.type)
        changes.fqbn = boardOf(body.type)?.fqbn ?? null;
      if (body.connection_type !== undefined) changes.connectionType = body.connection_type;
      if (body.unique_hardware_id !== undefined) changes.uniqueHardwareId = body.unique_hardware_id;
      if (body.ble_mac !== undefined) changes.bleMac = body.ble_mac;
      if (body.locked !== undefined) changes.locked = body.locked;
      if (body.wifi_fw_version !== undefined) changes.wifiFwVersion = body.wifi_fw_version;
      if (restoring) changes.deletedAt = null;
      if (restoring) {
        await withinDeviceLimit(space, (tx) => createDevicesRepository(tx).update(device.id, changes));
      } else {
        await repo.update(device.id, changes);
      }
      if (restoring) await deps.connectivity?.trashChanged(device.id, false);
      const runsOtherCode =
        (changes.type !== undefined && changes.type !== device.type) ||
        (changes.connectionType !== undefined && changes.connectionType !== device.connectionType);
      if (runsOtherCode) await deps.code?.deviceChanged(space, device.id);
      live.deviceUpdated(space, device.id);
      return show(space, id);
    },

    async remove(ref: SpaceRequest, id: string, force: boolean) {
      const space = await deps.resolve(ref, 'iot.delete');
      const { device } = await found(space, id, force);
      const remove = async () => {
        if (force) await repo.hardDelete(device.id);
        else await repo.softDelete(device.id);
      };
      if (deps.code) await deps.code.deviceRemoving(space, device.id, remove);
      else await remove();
      if (force) await deps.connectivity?.secretChanged(device.id, null);
      else await deps.connectivity?.trashChanged(device.id, true);
      live.deviceUpdated(space, device.id);
    },

    async tags(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      return tagList((await found(space, id)).device.tags);
    },

    async putTag(ref: SpaceRequest, id: string, tag: Tag) {
      const space = await deps.resolve(ref, 'iot.write');
      const { device } = await found(space, id);
      await repo.setTags(device.id, withTag(device.tags, tag));
    },

    async deleteTag(ref: SpaceRequest, id: string, key: string) {
      const space = await deps.resolve(ref, 'iot.write');
      const { device } = await found(space, id);
      if (key in device.tags) await repo.setTags(device.id, withoutTag(device.tags, key));
    },

    /** Whether a secret key is set; optionally a fresh random one to set (arduino-cloud-cli does so). */
    async pass(ref: SpaceRequest, id: string, suggest: boolean) {
      const space = await deps.resolve(ref, 'iot.read');
      const { device } = await found(space, id);
      const set = (await repo.secretHash(device.id)) !== null;
      if (!suggest) return { set };
      const suggested = Array.from({ length: 32 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
      return { set, suggested_password: suggested };
    },

    /** Sets the secret key; only its scrypt hash is kept. */
    async setPass(ref: SpaceRequest, id: string, password: string) {
      const space = await deps.resolve(ref, 'iot.write');
      const { device } = await found(space, id);
      await repo.setSecret(device.id, await hashPassword(password));
      await deps.connectivity?.secretChanged(device.id, password);
      return { set: true };
    },

    async checkPass(ref: SpaceRequest, id: string, password: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const { device } = await found(space, id);
      const hash = await repo.secretHash(device.id);
      if (!hash || !(await verifyPassword(password, hash))) throw new AppError('bad_request', WRONG_PASSWORD);
    },

    async deletePass(ref: SpaceRequest, id: string) {
      // Removing the key locks the board out of the cloud: a delete-level right, as deleting the device.
      const space = await deps.resolve(ref, 'iot.delete');
      const { device } = await found(space, id);
      await repo.deleteSecret(device.id);
      await deps.connectivity?.secretChanged(device.id, null);
    },

    /** Properties of the thing the device drives (none when it drives none). */
    async properties(ref: SpaceRequest, id: string, showDeleted: boolean) {
      const space = await deps.resolve(ref, 'iot.read');
      const { device, thing } = await found(space, id);
      const props = thing ? await properties.listByThings([thing.id], { withDeleted: showDeleted }) : [];
      return {
        deviceId: device.id,
        user_id: device.ownerUserId,
        data_retention_days: DATA_RETENTION_DAYS,
        properties: props.map((p) => propertyView(p, thing?.name)),
      };
    },

    /** Values sent as if by the device, matched by property name or variable name. */
    async putProperties(ref: SpaceRequest, id: string, input: PropertyInput[]) {
      const space = await deps.resolve(ref, 'iot.write');
      const { thing } = await found(space, id);
      if (!thing) throw new AppError('bad_request', 'The device is not bound to a thing.');
      const props = await properties.listByThings([thing.id]);
      const at = new Date();
      const resolved = input.map((p) => {
        const match = props.find((r) => r.property.name === p.name || r.property.variableName === p.name);
        if (!match) throw notFound(`Property ${p.name}`);
        return { property: match.property, value: decodeInput(p) };
      });
      // Every value is checked before any is stored; then one batch.
      await deps.telemetry.write(resolved.map((r) => checkedPoint(r.property, r.value, at)));
      for (const r of resolved) live.propertyValue(space, r.property, r.value, at);
      deps.triggers?.valuesStored(
        resolved.map((r) => ({ space, propertyId: r.property.id, value: r.value, at })),
      );
    },

    /** Stored values of one property of the device's thing, newest first, paged by `start`. */
    async propertyValues(ref: SpaceRequest, id: string, pid: string, q: { limit?: number; start?: Date }) {
      const space = await deps.resolve(ref, 'iot.read');
      const { thing } = await found(space, id);
      const rec = thing ? await properties.find(thing.id, pid) : null;
      if (!rec) throw notFound('Property');
      const limit = q.limit ?? 100;
      const rows = await deps.telemetry.history(rec.property.id, limit, q.start);
      const last = rows.length === limit ? rows[rows.length - 1] : undefined;
      return {
        id: rec.property.id,
        name: rec.property.name,
        values: rows.map((r, i) => ({
          created_at: r.at.toISOString(),
          value: { payload: JSON.stringify(r.value), seqno: i },
        })),
        last_evaluated_key: last
          ? { created_at: last.at.toISOString(), id: rec.property.id, name: rec.property.name }
          : {},
      };
    },

    /** The last value of each property of the device's thing. */
    async events(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const { device, thing } = await found(space, id);
      const props = thing ? await properties.listByThings([thing.id]) : [];
      return {
        id: device.id,
        events: props
          .filter((p) => p.valueUpdatedAt !== null)
          .map((p) => ({
            name: p.property.name,
            updated_at: (p.valueUpdatedAt as Date).toISOString(),
            value: p.lastValue,
          })),
      };
    },

    /** Connection history, newest first (30 by default). */
    async status(ref: SpaceRequest, id: string, q: { limit?: number; start?: Date }) {
      const space = await deps.resolve(ref, 'iot.read');
      const { device } = await found(space, id);
      const rows = await repo.statusEvents(device.id, q.limit ?? 30, q.start);
      return { id: device.id, events: rows.map((r) => ({ updated_at: r.at.toISOString(), value: r.value })) };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
