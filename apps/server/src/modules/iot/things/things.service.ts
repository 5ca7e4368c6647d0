import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { ConnectivityHooks } from '../../connectivity/hooks.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { IotQuotas } from '../common/quotas.ts';
import { type Tag, tagFilterObject } from '../common/schemas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { tagsFromList, withoutTag, withTag } from '../common/tags.ts';
import { DEFAULT_TIMEZONE } from '../common/timezones.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { createPropertiesRepository, type PropertyRecord } from '../properties/properties.repository.ts';
import type { PropertyPayload } from '../properties/properties.schemas.ts';
import { checkDistinctVariables, propertyColumns, variableOf } from '../properties/property-rules.ts';
import type { ThingCode } from '../sketches/thing-code.ts';
import { tagList, thingView } from '../views.ts';
import { createThingsRepository, type ThingChanges, type ThingRecord } from './things.repository.ts';
import type { ThingCreateBody, ThingUpdateBody } from './things.schemas.ts';

const MOVE_HINT = 'repeat with force=true to move it to this thing';
/** The 409 of a device another thing holds: which device and which thing, when known. */
const deviceTaken = (device?: string, thing?: string) =>
  device && thing
    ? `The device "${device}" is bound to the thing "${thing}"; ${MOVE_HINT}.`
    : `The device is bound to another thing; ${MOVE_HINT}.`;

/** Things v2: CRUD, clone, device binding (with `force`), tags and template. */
export function createThingsService(deps: {
  db: Database;
  resolve: SpaceResolver;
  quotas: IotQuotas;
  events?: EventBus;
  /** Told when a device is bound or unbound, so a connected device learns its thing. */
  connectivity?: ConnectivityHooks;
  /** Makes the signing secret of a thing whose webhook is set (answered once, as `webhook_secret`). */
  webhooks?: { secretMadeFor(thingId: string): Promise<string | undefined> };
  /** Keeps the sketches of the things a change touched in step with their variables and device. */
  code?: Pick<ThingCode, 'thingsChanged'>;
}) {
  const live = iotEvents(deps.events);
  const repo = createThingsRepository(deps.db);
  const properties = createPropertiesRepository(deps.db);

  async function found(space: IotSpace, id: string, withDeleted = false): Promise<ThingRecord> {
    const rec = await repo.find(space, id, { withDeleted });
    if (!rec) throw notFound('Thing');
    return rec;
  }

  async function full(space: IotSpace, id: string, withDeleted = false) {
    const rec = await found(space, id, withDeleted);
    const props = await properties.listByThings([rec.thing.id]);
    return thingView(rec.thing, rec.device, { properties: props });
  }

  /** The thing as a create or update answers it: with its webhook secret when setting the webhook made one. */
  async function written(space: IotSpace, id: string) {
    const view = await full(space, id);
    const secret = view.webhook_uri ? await deps.webhooks?.secretMadeFor(id) : undefined;
    return secret ? { ...view, webhook_secret: secret } : view;
  }

  /**
   * Binds `deviceId` to `thingId` inside a transaction: the device must be a live device of the space; a device
   * bound elsewhere moves only with `force` (409 otherwise).
   */
  async function bind(tx: Database, space: IotSpace, thingId: string, deviceId: string, force: boolean) {
    const device = await createDevicesRepository(tx).find(space, deviceId);
    if (!device) throw notFound('Device');
    const things = createThingsRepository(tx);
    const other = await things.boundTo(deviceId, thingId);
    if (other) {
      if (!force) throw new AppError('conflict', deviceTaken(device.device.name, other.name));
      await things.update(other.id, { deviceId: null });
    }
    return other?.id ?? null;
  }

  /**
   * Announces a committed change of a thing and of the devices and things its binding touched; the broker
   * side learns of the devices (a connected one is told its new thing) before the call returns.
   */
  async function announce(
    space: IotSpace,
    thingId: string,
    devices: (string | null)[],
    others: (string | null)[] = [],
  ) {
    await deps.code?.thingsChanged(space, [thingId, ...others]);
    live.thingUpdated(space, thingId);
    for (const id of new Set(others)) if (id) live.thingUpdated(space, id);
    for (const id of new Set(devices)) if (id) live.deviceUpdated(space, id);
    if (devices.some(Boolean)) await deps.connectivity?.bindingsChanged(devices);
  }

  /** Creates the payload's properties, or updates those whose variable (or name) already exists. */
  async function upsertProperties(tx: Database, thingId: string, list: readonly PropertyPayload[]) {
    checkDistinctVariables(list);
    const txProps = createPropertiesRepository(tx);
    const existing = await txProps.listByThings([thingId]);
    let tag = await txProps.nextTag(thingId);
    for (const p of list) {
      const columns = propertyColumns(p);
      const v = variableOf(p);
      const match = existing.find((e) =>
        v ? e.property.variableName === v : e.property.variableName === null && e.property.name === p.name,
      );
      if (match) {
        await txProps.update(match.property.id, { ...columns, ...(p.tag !== undefined && { tag: p.tag }) });
      } else {
        await txProps.insert({ thingId, ...columns, tag: p.tag ?? tag++ });
      }
    }
  }

  async function insertThing(
    space: IotSpace,
    values: {
      id: string;
      name: string;
      timezone: string;
      deviceId: string | null;
      webhookUri: string | null;
      webhookActive: boolean;
      assistant: 'ALEXA' | 'GOOGLE' | 'NONE' | null;
      tags: Record<string, string>;
      sourceTemplate?: string | null;
    },
    props: { payload?: readonly PropertyPayload[]; copyOf?: PropertyRecord[] },
    force: boolean,
  ) {
    let movedFrom: string | null = null;
    try {
      await inTransaction(deps.db, async (tx) => {
        const things = createThingsRepository(tx);
        await deps.quotas.require(tx, space, 'things', () => things.count(space));
        if (await things.exists(values.id))
          throw new AppError('conflict', 'A thing with this id already exists.');
        if (values.deviceId) movedFrom = await bind(tx, space, values.id, values.deviceId, force);
        await things.insert({
          ...values,
          organizationId: space.organizationId,
          ownerUserId: space.ownerUserId,
        });
        if (props.payload) await upsertProperties(tx, values.id, props.payload);
        const txProps = createPropertiesRepository(tx);
        for (const { property: p } of props.copyOf ?? []) {
          await txProps.insert({
            thingId: values.id,
            name: p.name,
            variableName: p.variableName,
            type: p.type,
            permission: p.permission,
            updateStrategy: p.updateStrategy,
            updateParameter: p.updateParameter,
            minValue: p.minValue,
            maxValue: p.maxValue,
            persist: p.persist,
            tag: p.tag,
          });
        }
      });
    } catch (err) {
      // Two requests binding one device at once: the partial unique index has the last word.
      if (isUniqueViolation(err)) throw new AppError('conflict', deviceTaken());
      throw err;
    }
    await announce(space, values.id, [values.deviceId], [movedFrom]);
  }

  return {
    async list(
      ref: SpaceRequest,
      q: {
        deviceId?: string;
        ids?: string[];
        showDeleted?: boolean;
        showProperties?: boolean;
        tags: string[];
      },
    ) {
      const space = await deps.resolve(ref, 'iot.read');
      const rows = await repo.list(space, {
        deviceId: q.deviceId,
        ids: q.ids,
        showDeleted: q.showDeleted,
        tags: tagFilterObject(q.tags),
      });
      if (!q.showProperties) {
        return rows.map((r) => thingView(r.thing, r.device, { propertiesCount: r.propertiesCount }));
      }
      const props = await properties.listByThings(rows.map((r) => r.thing.id));
      return rows.map((r) =>
        thingView(r.thing, r.device, { properties: props.filter((p) => p.property.thingId === r.thing.id) }),
      );
    },

    async show(ref: SpaceRequest, id: string, showDeleted: boolean) {
      const space = await deps.resolve(ref, 'iot.read');
      return full(space, id, showDeleted);
    },

    async create(ref: SpaceRequest, body: ThingCreateBody, force: boolean) {
      const space = await deps.resolve(ref, 'iot.write');
      const id = body.id ?? randomUUID();
      await insertThing(
        space,
        {
          id,
          name: body.name ?? `Untitled ${id.slice(0, 8)}`,
          timezone: body.timezone ?? DEFAULT_TIMEZONE,
          deviceId: body.device_id ?? null,
          webhookUri: body.webhook_uri || null,
          webhookActive: body.webhook_active ?? false,
          assistant: body.assistant ?? null,
          tags: tagsFromList(body.tags),
        },
        { payload: body.properties },
        force,
      );
      return written(space, id);
    },

    async update(ref: SpaceRequest, id: string, body: ThingUpdateBody, force: boolean) {
      const space = await deps.resolve(ref, 'iot.write');
      const rec = await found(space, id, true);
      const restoring = rec.thing.deletedAt !== null && body.soft_deleted === false;
      if (rec.thing.deletedAt && !restoring) throw notFound('Thing');
      if (body.id && body.id !== id) throw new AppError('validation_error', 'The id cannot be changed.');
      const changes: ThingChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.timezone !== undefined) changes.timezone = body.timezone;
      if (body.webhook_uri !== undefined) changes.webhookUri = body.webhook_uri || null;
      if (body.webhook_active !== undefined) changes.webhookActive = body.webhook_active;
      if (body.assistant !== undefined) changes.assistant = body.assistant;
      if (restoring) changes.deletedAt = null;
      let movedFrom: string | null = null;
      try {
        await inTransaction(deps.db, async (tx) => {
          const things = createThingsRepository(tx);
          if (restoring) {
            await deps.quotas.require(tx, space, 'things', () => things.count(space));
            // The device may have gone to another thing meanwhile: the restored thing comes back unbound.
            if (rec.thing.deviceId && (await things.boundTo(rec.thing.deviceId, id))) changes.deviceId = null;
          }
          if (body.device_id === '' || body.device_id === null) changes.deviceId = null;
          else if (body.device_id !== undefined) {
            movedFrom = await bind(tx, space, id, body.device_id, force);
            changes.deviceId = body.device_id;
          }
          await things.update(id, changes);
          if (body.properties) await upsertProperties(tx, id, body.properties);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('conflict', deviceTaken());
        throw err;
      }
      const devices = changes.deviceId === undefined ? [] : [rec.thing.deviceId, changes.deviceId];
      await announce(space, id, devices, [movedFrom]);
      return written(space, id);
    },

    async clone(ref: SpaceRequest, id: string, body: { name: string; include_tags?: boolean }) {
      const space = await deps.resolve(ref, 'iot.write');
      const { thing } = await found(space, id);
      const newId = randomUUID();
      await insertThing(
        space,
        {
          id: newId,
          name: body.name,
          timezone: thing.timezone,
          deviceId: null,
          webhookUri: thing.webhookUri,
          webhookActive: thing.webhookActive,
          assistant: thing.assistant,
          tags: body.include_tags ? thing.tags : {},
          sourceTemplate: thing.sourceTemplate,
        },
        { copyOf: await properties.listByThings([thing.id]) },
        false,
      );
      return full(space, newId);
    },

    async remove(ref: SpaceRequest, id: string, force: boolean) {
      const space = await deps.resolve(ref, 'iot.delete');
      const { thing } = await found(space, id, force);
      if (force) await repo.hardDelete(thing.id);
      else await repo.softDelete(thing.id);
      await announce(space, thing.id, [thing.deviceId]);
    },

    async tags(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      return tagList((await found(space, id)).thing.tags);
    },

    async putTag(ref: SpaceRequest, id: string, tag: Tag) {
      const space = await deps.resolve(ref, 'iot.write');
      const { thing } = await found(space, id);
      await repo.update(thing.id, { tags: withTag(thing.tags, tag) });
    },

    async deleteTag(ref: SpaceRequest, id: string, key: string) {
      const space = await deps.resolve(ref, 'iot.write');
      const { thing } = await found(space, id);
      if (key in thing.tags) await repo.update(thing.id, { tags: withoutTag(thing.tags, key) });
    },

    /** The thing as a reusable template: its variables by sketch name, no ids of this space. */
    async template(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const rec = await found(space, id);
      const props = await properties.listByThings([rec.thing.id]);
      const slug = rec.thing.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '');
      return {
        id: slug || 'thing',
        name: rec.thing.name,
        timezone: rec.thing.timezone,
        ...(rec.thing.webhookUri && { webhook_uri: rec.thing.webhookUri }),
        tags: tagList(rec.thing.tags).tags,
        ...(rec.device && { device_metadata: { fqbn: rec.device.fqbn ?? undefined, name: rec.device.name } }),
        variables: props.map(({ property: p }) => ({
          name: p.name,
          permission: p.permission,
          type: p.type,
          update_strategy: p.updateStrategy,
          ...(p.updateParameter !== null && { update_parameter: p.updateParameter }),
          ...(p.variableName && { variable_name: p.variableName }),
        })),
      };
    },
  };
}
export type ThingsService = ReturnType<typeof createThingsService>;
