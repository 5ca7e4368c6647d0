import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, forbidden } from '../../../errors.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import { boardOf } from '../catalogue/boards.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { createLoraRepository } from './lora.repository.ts';
import type { LoraDeviceCreateBody } from './lora.schemas.ts';

/** A random identifier of `bytes` bytes in lower-case hex, as LoRaWAN writes EUIs and keys. */
const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/** LoRa devices v1: a device with its LoRaWAN keys, for a network server outside this one. */
export function createLoraService(deps: {
  db: Database;
  resolve: SpaceResolver;
  /** A LoRa device counts against the plan's `devices` limit like any other. */
  quotas: Pick<IotQuotas, 'require'>;
  events?: EventBus;
}) {
  const live = iotEvents(deps.events);
  return {
    async create(ref: SpaceRequest, body: LoraDeviceCreateBody) {
      const space = await deps.resolve(ref, 'iot.write');
      if (body.user_id !== 'me' && body.user_id !== ref.actorId)
        throw forbidden('A LoRa device is registered for yourself: user_id must be "me" or your own id.');
      const id = randomUUID();
      const keys = {
        eui: body.eui,
        appEui: body.app_eui ?? randomHex(8),
        appKey: body.app_key ?? randomHex(16),
      };
      try {
        await inTransaction(deps.db, async (tx) => {
          await deps.quotas.require(tx, space, 'devices', () => createDevicesRepository(tx).count(space));
          await createDevicesRepository(tx).insert({
            id,
            organizationId: space.organizationId,
            ownerUserId: space.ownerUserId,
            name: body.name,
            type: body.type,
            fqbn: boardOf(body.type)?.fqbn ?? null,
            serial: body.serial ?? '',
            connectionType: 'lora',
          });
          await createLoraRepository(tx).insert({
            deviceId: id,
            ...keys,
            app: body.app,
            frequencyPlan: body.frequency_plan,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('conflict', `A LoRa device with the EUI ${body.eui} is already registered.`);
        throw err;
      }
      live.deviceUpdated(space, id);
      return { device_id: id, eui: keys.eui, app_eui: keys.appEui, app_key: keys.appKey };
    },
  };
}
export type LoraService = ReturnType<typeof createLoraService>;
