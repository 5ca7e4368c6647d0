import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { ConnectivityHooks } from '../../connectivity/hooks.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { TelemetryStore } from '../../telemetry/telemetry-store.ts';
import { isNumericType } from '../catalogue/property-types.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import type { ThingCode } from '../sketches/thing-code.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import type { TriggerFiring } from '../triggers/trigger-firing.ts';
import { propertyView } from '../views.ts';
import { createPropertiesRepository } from './properties.repository.ts';
import type { Aggregation, PropertyPayload } from './properties.schemas.ts';
import { checkedPoint, propertyColumns, publishValue, variableTaken } from './property-rules.ts';
import { FUTURE_TOLERANCE_MS } from './publish.schemas.ts';

const TWO_WEEKS_MS = 14 * 86_400_000;
const MAX_POINTS = 1000;

/** Properties v2 of a thing: CRUD, publish (stores the value now) and numeric time series. */
export function createPropertiesService(deps: {
  db: Database;
  resolve: SpaceResolver;
  events?: EventBus;
  telemetry: TelemetryStore;
  /** Delivers published values to the thing's device. */
  connectivity?: ConnectivityHooks;
  /** Triggers watching the published values (this process stored them, so it fires them). */
  triggers?: Pick<TriggerFiring, 'valuesStored'>;
  /** Keeps the thing's sketch in step with its variables. */
  code?: Pick<ThingCode, 'thingsChanged'>;
}) {
  const live = iotEvents(deps.events);
  const things = createThingsRepository(deps.db);
  const repo = createPropertiesRepository(deps.db);

  async function thingOf(space: IotSpace, thingId: string) {
    const rec = await things.find(space, thingId);
    if (!rec) throw notFound('Thing');
    return rec.thing;
  }

  async function propertyOf(space: IotSpace, thingId: string, pid: string, withDeleted = false) {
    const thing = await thingOf(space, thingId);
    const rec = await repo.find(thing.id, pid, { withDeleted });
    if (!rec) throw notFound('Property');
    return { thing, rec };
  }

  async function save(thingId: string, body: PropertyPayload, existingId?: string) {
    const columns = propertyColumns(body);
    return inTransaction(deps.db, async (tx) => {
      const txRepo = createPropertiesRepository(tx);
      const v = columns.variableName;
      if (v && (await txRepo.variableTaken(thingId, v, existingId))) throw variableTaken(v);
      try {
        if (existingId) {
          await txRepo.update(existingId, { ...columns, ...(body.tag !== undefined && { tag: body.tag }) });
          return existingId;
        }
        const tag = body.tag ?? (await txRepo.nextTag(thingId));
        return (await txRepo.insert({ thingId, ...columns, tag })).id;
      } catch (err) {
        if (isUniqueViolation(err) && v) throw variableTaken(v);
        throw err;
      }
    });
  }

  return {
    async list(ref: SpaceRequest, thingId: string, showDeleted: boolean) {
      const space = await deps.resolve(ref, 'iot.read');
      const thing = await thingOf(space, thingId);
      return (await repo.listByThings([thing.id], { withDeleted: showDeleted })).map((p) =>
        propertyView(p, thing.name),
      );
    },

    async show(ref: SpaceRequest, thingId: string, pid: string, showDeleted: boolean) {
      const space = await deps.resolve(ref, 'iot.read');
      const { thing, rec } = await propertyOf(space, thingId, pid, showDeleted);
      return propertyView(rec, thing.name);
    },

    async create(ref: SpaceRequest, thingId: string, body: PropertyPayload) {
      const space = await deps.resolve(ref, 'iot.write');
      const thing = await thingOf(space, thingId);
      const id = await save(thing.id, body);
      const rec = await repo.find(thing.id, id);
      if (!rec) throw notFound('Property');
      await deps.code?.thingsChanged(space, [thing.id]);
      live.thingUpdated(space, thing.id);
      return propertyView(rec, thing.name);
    },

    async update(ref: SpaceRequest, thingId: string, pid: string, body: PropertyPayload) {
      const space = await deps.resolve(ref, 'iot.write');
      const { thing, rec } = await propertyOf(space, thingId, pid);
      await save(thing.id, body, rec.property.id);
      const updated = await repo.find(thing.id, rec.property.id);
      if (!updated) throw notFound('Property');
      await deps.code?.thingsChanged(space, [thing.id]);
      live.thingUpdated(space, thing.id);
      return propertyView(updated, thing.name);
    },

    async remove(ref: SpaceRequest, thingId: string, pid: string, force: boolean) {
      const space = await deps.resolve(ref, 'iot.delete');
      const { thing, rec } = await propertyOf(space, thingId, pid, force);
      if (force) await repo.hardDelete(rec.property.id);
      else await repo.softDelete(rec.property.id);
      await deps.code?.thingsChanged(space, [thing.id]);
      live.thingUpdated(space, thing.id);
    },

    /** Stores the value as the property's last value (and in its series when persisted). */
    async publish(ref: SpaceRequest, thingId: string, pid: string, value: unknown) {
      const space = await deps.resolve(ref, 'iot.write');
      const { thing, rec } = await propertyOf(space, thingId, pid);
      const at = new Date();
      await publishValue(deps.telemetry, rec.property, value, at);
      live.propertyValue(space, rec.property, value, at);
      deps.triggers?.valuesStored([{ space, propertyId: rec.property.id, value, at }]);
      const p = rec.property;
      await deps.connectivity?.deliver(thing.id, [{ name: p.variableName ?? p.name, type: p.type, value }]);
    },

    /**
     * Values of several variables of the thing, named by property or sketch variable name, checked all
     * before any is stored. As if the device sent them (default), or, with `toDevice`, as a cloud write the
     * device receives.
     */
    async publishMany(
      ref: SpaceRequest,
      thingId: string,
      input: { property: string; value: unknown }[],
      toDevice: boolean,
    ) {
      const space = await deps.resolve(ref, 'iot.write');
      const thing = await thingOf(space, thingId);
      const props = await repo.listByThings([thing.id]);
      const at = new Date();
      const resolved = input.map(({ property: name, value }) => {
        const match = props.find((r) => r.property.name === name || r.property.variableName === name);
        if (!match) throw notFound(`Property ${name}`);
        return { property: match.property, value };
      });
      await deps.telemetry.write(resolved.map((r) => checkedPoint(r.property, r.value, at)));
      for (const r of resolved) live.propertyValue(space, r.property, r.value, at);
      deps.triggers?.valuesStored(
        resolved.map((r) => ({ space, propertyId: r.property.id, value: r.value, at })),
      );
      if (toDevice)
        await deps.connectivity?.deliver(
          thing.id,
          resolved.map(({ property: p, value }) => ({ name: p.variableName ?? p.name, type: p.type, value })),
        );
    },

    /**
     * Values of one variable taken at their own times (a board's buffer, an import): stored at those times,
     * the last value moving only when one is newer; a replayed batch stores nothing twice. Nothing reaches
     * the device: these are readings, not commands.
     */
    async publishBatch(
      ref: SpaceRequest,
      thingId: string,
      pid: string,
      items: { timestamp: string; value: unknown }[],
    ) {
      const space = await deps.resolve(ref, 'iot.write');
      const { rec } = await propertyOf(space, thingId, pid);
      const latestAllowed = Date.now() + FUTURE_TOLERANCE_MS;
      const points = items.map(({ timestamp, value }, i) => {
        const at = new Date(timestamp);
        if (at.getTime() > latestAllowed)
          throw new AppError('validation_error', `Value ${i + 1} is dated in the future (${timestamp}).`);
        return checkedPoint(rec.property, value, at);
      });
      await deps.telemetry.write(points);
      const newest = points.reduce((a, b) => (b.at > a.at ? b : a));
      live.propertyValue(space, rec.property, newest.value, newest.at);
      deps.triggers?.valuesStored(
        points.map((p) => ({ space, propertyId: rec.property.id, value: p.value, at: p.at })),
      );
    },

    async timeseries(
      ref: SpaceRequest,
      thingId: string,
      pid: string,
      q: { aggregation?: Aggregation; desc?: boolean; from?: Date; to?: Date; interval?: number },
    ) {
      const space = await deps.resolve(ref, 'iot.read');
      const { rec } = await propertyOf(space, thingId, pid);
      if (!isNumericType(rec.property.type)) {
        throw new AppError(
          'bad_request',
          `Property ${rec.property.name} (${rec.property.type}) is not numerical.`,
        );
      }
      const to = q.to ?? new Date();
      const from = q.from ?? new Date(to.getTime() - TWO_WEEKS_MS);
      if (from.getTime() >= to.getTime())
        throw new AppError('validation_error', '"from" must be before "to".');
      const span = (to.getTime() - from.getTime()) / 1000;
      const intervalS = q.interval ?? Math.max(1, Math.ceil(span / MAX_POINTS));
      const { points } = await deps.telemetry.aggregate(rec.property.id, {
        from,
        to,
        intervalS,
        aggregation: q.aggregation ?? 'AVG',
        desc: q.desc ?? false,
        limit: MAX_POINTS,
      });
      return { data: points.map((p) => ({ time: p.time.toISOString(), value: p.value })) };
    },
  };
}
export type PropertiesService = ReturnType<typeof createPropertiesService>;
