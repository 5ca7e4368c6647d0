import { randomUUID } from 'node:crypto';
import { conditionKindOf, conditionNeedsValue, conditionOperatorsFor } from '@tinkercloud/shared/iot';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { createPropertiesRepository } from '../properties/properties.repository.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import { deviceView, propertyView } from '../views.ts';
import { createFiringRepository } from './firing.repository.ts';
import { actionView, slug, triggerView } from './trigger-view.ts';
import {
  type ActionChanges,
  createTriggersRepository,
  type TriggerChanges,
  type TriggerRow,
} from './triggers.repository.ts';
import type {
  Condition,
  CreateActionBody,
  EmailAction,
  PushAction,
  TriggerBody,
  UpdateActionBody,
} from './triggers.schemas.ts';

/** A property trigger's condition, checked against the property's type (conditions on any type). */
function checkCondition(type: string, condition: Condition | undefined): Condition {
  const kind = conditionKindOf(type);
  if (!condition) return { operator: kind === 'boolean' ? 'TRUE' : 'CHANGED' };
  const allowed = conditionOperatorsFor(type);
  if (!allowed.includes(condition.operator)) {
    throw new AppError(
      'validation_error',
      `A ${type} property accepts the conditions ${allowed.join(', ')}.`,
    );
  }
  if (!conditionNeedsValue(condition.operator)) return { operator: condition.operator };
  const v = condition.value;
  const ok =
    kind === 'number' || kind === 'integer'
      ? typeof v === 'number' && Number.isFinite(v)
      : kind === 'string'
        ? typeof v === 'string' && v.length <= 1000
        : typeof v === 'object' && v !== null && JSON.stringify(v).length <= 4096;
  if (!ok)
    throw new AppError(
      'validation_error',
      `The ${condition.operator} condition needs a value of the property's type.`,
    );
  return { operator: condition.operator, value: v };
}

const STATUS_OPS = ['CHANGED', 'CONNECTED', 'DISCONNECTED'];

/** A device status trigger's condition: CONNECTED or DISCONNECTED only, or (absent, CHANGED) both. */
function checkStatusCondition(condition: Condition | undefined): Condition | null {
  if (!condition || condition.operator === 'CHANGED') return null;
  if (!STATUS_OPS.includes(condition.operator)) {
    throw new AppError(
      'validation_error',
      `A device status trigger accepts the conditions ${STATUS_OPS.join(', ')}.`,
    );
  }
  return { operator: condition.operator };
}

/**
 * Triggers v1 and actions v1: a trigger watches one property (with a condition) or the connection of devices,
 * and runs e-mail or push actions. Creating one needs a paid plan other than Entry and room under the
 * plan's trigger limit (412 otherwise). Recipients must belong to the space. Firing is `trigger-firing.ts`'s
 * job; every change here tells it (`changed`) so it reloads its index at once.
 */
export function createTriggersService(deps: {
  db: Database;
  resolve: SpaceResolver;
  quotas: IotQuotas;
  /** Told after each change to triggers (the firing index of this process). */
  changed?: () => void;
}) {
  const repo = createTriggersRepository(deps.db);
  const firing = createFiringRepository(deps.db);
  const changed = () => deps.changed?.();
  const properties = createPropertiesRepository(deps.db);

  async function found(space: IotSpace, id: string, withDeleted = false) {
    const t = await repo.find(space, id, { withDeleted });
    if (!t) throw notFound('Trigger');
    return t;
  }

  /** The property must be a live property of a live thing of the space; returns its type. */
  async function propertyType(space: IotSpace, propertyId: string): Promise<string> {
    const type = await repo.livePropertyType(space, propertyId);
    if (!type) throw new AppError('validation_error', 'The property does not exist in this space.');
    return type;
  }

  async function checkRecipients(
    space: IotSpace,
    actions: readonly { email?: EmailAction; push_notification?: PushAction }[],
  ) {
    const ids = new Set<string>();
    for (const a of actions) {
      for (const r of [
        ...(a.email?.delivery.to ?? []),
        ...(a.email?.delivery.cc ?? []),
        ...(a.email?.delivery.bcc ?? []),
      ]) {
        ids.add(r.id.toLowerCase());
      }
      for (const r of a.push_notification?.delivery.to ?? []) ids.add(r.id.toLowerCase());
    }
    const allowed = await repo.allowedRecipients(space, [...ids]);
    if ([...ids].some((id) => !allowed.has(id))) {
      throw new AppError('validation_error', 'Notifications go only to members of the space.');
    }
  }

  function checkAction(a: { kind?: string; email?: unknown; push_notification?: unknown }) {
    if (a.kind === 'NOTIFY-EMAIL' && !a.email)
      throw new AppError('validation_error', 'An e-mail action needs email.');
    if (a.kind === 'NOTIFY-PUSH' && !a.push_notification) {
      throw new AppError('validation_error', 'A push action needs push_notification.');
    }
  }

  /** Source columns from the payload: exactly one of property_id and device_status_source. */
  async function source(space: IotSpace, body: TriggerBody, current?: TriggerRow): Promise<TriggerChanges> {
    if (body.property_id && body.device_status_source) {
      throw new AppError('validation_error', 'property_id and device_status_source are mutually exclusive.');
    }
    if (body.property_id) {
      const type = await propertyType(space, body.property_id);
      return {
        propertyId: body.property_id,
        deviceStatusSource: null,
        condition: checkCondition(type, body.condition),
      };
    }
    if (body.device_status_source) {
      const s = body.device_status_source;
      const ids = [...new Set((s.device_ids ?? []).map((d) => d.toLowerCase()))];
      const live = await repo.liveDevices(space, ids);
      if (ids.some((d) => !live.has(d)))
        throw new AppError('validation_error', 'A device does not exist in this space.');
      return {
        propertyId: null,
        condition: checkStatusCondition(body.condition),
        deviceStatusSource: {
          criteria: s.criteria,
          device_ids: ids,
          ...(s.grace_period_online !== undefined && { grace_period_online: s.grace_period_online }),
          ...(s.grace_period_offline !== undefined && { grace_period_offline: s.grace_period_offline }),
        },
      };
    }
    if (current) {
      if (body.condition && current.propertyId) {
        return { condition: checkCondition(await propertyType(space, current.propertyId), body.condition) };
      }
      if (body.condition && current.deviceStatusSource) {
        return { condition: checkStatusCondition(body.condition) };
      }
      return {};
    }
    throw new AppError('validation_error', 'A trigger needs property_id or device_status_source.');
  }

  const actionValues = (space: IotSpace, triggerId: string | null, a: CreateActionBody) => ({
    organizationId: space.organizationId,
    ownerUserId: space.ownerUserId,
    triggerId,
    name: a.name,
    kind: a.kind,
    description: a.description ?? null,
    email: a.email ?? null,
    pushNotification: a.push_notification ?? null,
  });

  async function full(t: TriggerRow) {
    return triggerView(t, await repo.actionsOf([t.id]));
  }

  async function save(space: IotSpace, id: string, body: TriggerBody, mode: 'replace' | 'merge') {
    const t = await found(space, id, true);
    const restoring = t.deletedAt !== null && body.soft_deleted === false;
    if (t.deletedAt && !restoring) throw notFound('Trigger');
    if (body.id && body.id.toLowerCase() !== id.toLowerCase())
      throw new AppError('validation_error', 'The id cannot be changed.');
    for (const a of body.actions ?? []) checkAction(a);
    await checkRecipients(space, body.actions ?? []);
    const changes: TriggerChanges = { ...(await source(space, body, t)) };
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description;
    if (body.active !== undefined) changes.active = body.active;
    if (restoring) changes.deletedAt = null;
    await inTransaction(deps.db, async (tx) => {
      const txRepo = createTriggersRepository(tx);
      if (restoring) await deps.quotas.require(tx, space, 'triggers', () => txRepo.count(space));
      await txRepo.update(id, changes);
      if (body.actions) {
        if (mode === 'replace') await txRepo.deleteActionsOf(id);
        for (const a of body.actions) await txRepo.insertAction(actionValues(space, id, a));
      }
    });
    // A new condition or source starts afresh: its first holding value fires.
    if ('condition' in changes || changes.active === true) await firing.resetCondition(id);
    changed();
    return full(await found(space, id));
  }

  return {
    async list(ref: SpaceRequest, f: Parameters<typeof repo.list>[1]) {
      const space = await deps.resolve(ref, 'iot.read');
      const rows = await repo.list(space, f);
      const actions = await repo.actionsOf(rows.map((t) => t.id));
      return rows.map((t) =>
        triggerView(
          t,
          actions.filter((a) => a.triggerId === t.id),
        ),
      );
    },

    async create(ref: SpaceRequest, body: TriggerBody) {
      const space = await deps.resolve(ref, 'iot.write');
      if (!body.name) throw new AppError('validation_error', 'A trigger needs a name.');
      for (const a of body.actions ?? []) checkAction(a);
      await checkRecipients(space, body.actions ?? []);
      const columns = await source(space, body);
      const id = body.id ?? randomUUID();
      const name = body.name;
      await inTransaction(deps.db, async (tx) => {
        const txRepo = createTriggersRepository(tx);
        await deps.quotas.require(tx, space, 'triggers', () => txRepo.count(space));
        if (await txRepo.exists(id)) throw new AppError('conflict', 'A trigger with this id already exists.');
        await txRepo.insert({
          id,
          organizationId: space.organizationId,
          ownerUserId: space.ownerUserId,
          name,
          description: body.description ?? null,
          active: body.active ?? true,
          ...columns,
        });
        for (const a of body.actions ?? []) await txRepo.insertAction(actionValues(space, id, a));
      });
      changed();
      return full(await found(space, id));
    },

    /** The trigger with its property (OK, WRONG_TYPE or DELETED) or its devices (OK or DELETED). */
    async show(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const t = await found(space, id);
      const base = triggerView(t, await repo.actionsOf([t.id]));
      const {
        property_id: _p,
        device_status_source: _d,
        created_at: _c,
        updated_at: _u,
        deleted_at: _x,
        ...rest
      } = base;
      let linked_property:
        | { property: ReturnType<typeof propertyView>; status: 'OK' | 'WRONG_TYPE' | 'DELETED' }
        | undefined;
      if (t.propertyId) {
        const thingId = await repo.thingOfProperty(t.propertyId);
        const rec = thingId ? await properties.find(thingId, t.propertyId, { withDeleted: true }) : null;
        if (rec) {
          const thingLive = await createThingsRepository(deps.db).find(space, rec.property.thingId);
          linked_property = {
            property: propertyView(rec, thingLive?.thing.name),
            status: rec.property.deletedAt || !thingLive ? 'DELETED' : 'OK',
          };
        }
      }
      let device_status_source:
        | {
            criteria: string;
            grace_period_online?: number;
            grace_period_offline?: number;
            linked_devices: { device: ReturnType<typeof deviceView>; status: 'OK' | 'DELETED' }[];
          }
        | undefined;
      if (t.deviceStatusSource) {
        const devices = createDevicesRepository(deps.db);
        const linked = [];
        for (const d of t.deviceStatusSource.device_ids) {
          const rec = await devices.find(space, d, { withDeleted: true });
          if (rec)
            linked.push({
              device: deviceView(rec),
              status: rec.device.deletedAt ? ('DELETED' as const) : ('OK' as const),
            });
        }
        const { device_ids: _ids, ...s } = t.deviceStatusSource;
        device_status_source = { ...s, linked_devices: linked };
      }
      return {
        ...rest,
        ...(linked_property && { linked_property }),
        ...(device_status_source && { device_status_source }),
      };
    },

    async update(ref: SpaceRequest, id: string, body: TriggerBody, mode: 'replace' | 'merge') {
      return save(await deps.resolve(ref, 'iot.write'), id, body, mode);
    },

    async remove(ref: SpaceRequest, id: string, force: boolean) {
      const space = await deps.resolve(ref, 'iot.delete');
      const t = await found(space, id, force);
      if (force) await repo.hardDelete(t.id);
      else await repo.softDelete(t.id);
      changed();
    },

    /** The trigger's recent firings, newest first. */
    async firings(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const t = await found(space, id);
      const rows = await firing.firings(t.id);
      return {
        firings: rows.map((r) => ({ id: r.id, fired_at: r.firedAt.toISOString(), source: r.source })),
      };
    },

    /** The trigger as a template: its property and devices by thing template id and variable name. */
    async template(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const t = await found(space, id);
      const actions = await repo.actionsOf([t.id]);
      const things = createThingsRepository(deps.db);
      let linked_property: { thing_id: string; property_id: string } | undefined;
      if (t.propertyId) {
        const thingId = await repo.thingOfProperty(t.propertyId);
        const rec = thingId ? await properties.find(thingId, t.propertyId, { withDeleted: true }) : null;
        const thing = thingId ? await things.find(space, thingId, { withDeleted: true }) : null;
        if (rec && thing) {
          linked_property = {
            thing_id: slug(thing.thing.name),
            property_id: rec.property.variableName ?? rec.property.name,
          };
        }
      }
      const linked_devices: { thing_id: string }[] = [];
      for (const d of t.deviceStatusSource?.device_ids ?? []) {
        const bound = await things.boundTo(d);
        if (bound) linked_devices.push({ thing_id: slug(bound.name) });
      }
      return {
        id: slug(t.name),
        name: t.name,
        ...(t.description && { description: t.description }),
        active: t.active,
        ...(t.organizationId && { organization_id: t.organizationId }),
        ...(t.deviceStatusSource && {
          criteria: t.deviceStatusSource.criteria,
          ...(t.deviceStatusSource.grace_period_online !== undefined && {
            grace_period_online: t.deviceStatusSource.grace_period_online,
          }),
          ...(t.deviceStatusSource.grace_period_offline !== undefined && {
            grace_period_offline: t.deviceStatusSource.grace_period_offline,
          }),
          linked_devices,
        }),
        ...(linked_property && { linked_property }),
        actions: actions.map((a) => {
          const { id: _id, trigger_id: _t, created_by: _c, organization_id: _o, ...rest } = actionView(a);
          return rest;
        }),
      };
    },

    /** Takes users off every action of the trigger. */
    async unsubscribe(ref: SpaceRequest, id: string, recipients: string[]) {
      const space = await deps.resolve(ref, 'iot.write');
      const t = await found(space, id);
      for (const a of await repo.actionsOf([t.id])) {
        await repo.updateAction(a.id, withoutRecipients(a, recipients));
      }
    },

    async listActions(ref: SpaceRequest) {
      const space = await deps.resolve(ref, 'iot.read');
      return (await repo.listActions(space)).map(actionView);
    },

    async showAction(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const a = await repo.findAction(space, id);
      if (!a) throw notFound('Action');
      return actionView(a);
    },

    /** A free-standing action, or one added to a trigger (which needs the plan that triggers need). */
    async createAction(ref: SpaceRequest, body: CreateActionBody) {
      const space = await deps.resolve(ref, 'iot.write');
      checkAction(body);
      await checkRecipients(space, [body]);
      if (body.trigger_id) await found(space, body.trigger_id);
      const row = await inTransaction(deps.db, async (tx) => {
        const txRepo = createTriggersRepository(tx);
        await deps.quotas.require(tx, space, 'triggers', async () => 0);
        return txRepo.insertAction(actionValues(space, body.trigger_id ?? null, body));
      });
      return actionView(row);
    },

    async updateAction(ref: SpaceRequest, id: string, body: UpdateActionBody) {
      const space = await deps.resolve(ref, 'iot.write');
      const a = await repo.findAction(space, id);
      if (!a) throw notFound('Action');
      checkAction({
        kind: a.kind,
        email: body.email ?? a.email,
        push_notification: body.push_notification ?? a.pushNotification,
      });
      await checkRecipients(space, [body]);
      if (body.trigger_id) await found(space, body.trigger_id);
      const changes: ActionChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description;
      if (body.email !== undefined) changes.email = body.email;
      if (body.push_notification !== undefined) changes.pushNotification = body.push_notification;
      if (body.trigger_id !== undefined) changes.triggerId = body.trigger_id;
      await repo.updateAction(a.id, changes);
      return actionView((await repo.findAction(space, id)) ?? a);
    },

    async deleteAction(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.delete');
      const a = await repo.findAction(space, id);
      if (!a) throw notFound('Action');
      await repo.deleteAction(a.id);
    },

    async unsubscribeAction(ref: SpaceRequest, id: string, recipients: string[]) {
      const space = await deps.resolve(ref, 'iot.write');
      const a = await repo.findAction(space, id);
      if (!a) throw notFound('Action');
      await repo.updateAction(a.id, withoutRecipients(a, recipients));
      return actionView((await repo.findAction(space, id)) ?? a);
    },
  };
}
export type TriggersService = ReturnType<typeof createTriggersService>;

/** The action without the given recipients in any delivery list. */
function withoutRecipients(
  a: { email: Record<string, unknown> | null; pushNotification: Record<string, unknown> | null },
  recipients: string[],
): ActionChanges {
  const drop = new Set(recipients.map((r) => r.toLowerCase()));
  const keep = (list: unknown) =>
    Array.isArray(list)
      ? list.filter((r) => !drop.has(String((r as { id?: unknown }).id ?? '').toLowerCase()))
      : list;
  const out: ActionChanges = {};
  if (a.email) {
    const d = (a.email.delivery ?? {}) as Record<string, unknown>;
    out.email = { ...a.email, delivery: { ...d, to: keep(d.to), cc: keep(d.cc), bcc: keep(d.bcc) } };
  }
  if (a.pushNotification) {
    const d = (a.pushNotification.delivery ?? {}) as Record<string, unknown>;
    out.pushNotification = { ...a.pushNotification, delivery: { ...d, to: keep(d.to) } };
  }
  return out;
}
