import { randomUUID } from 'node:crypto';
import type { ConditionOperator } from '@tinkercloud/shared';
import {
  conditionKindOf,
  conditionNeedsValue,
  conditionOperatorsFor,
  prefixedName,
  type TemplateApplyResult,
  type TemplateContent,
  type TriggerTemplate,
} from '@tinkercloud/shared/iot';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import { NO_SKETCH_TYPES } from '../catalogue/boards.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { IotSpace } from '../common/space.ts';
import { tagsFromList } from '../common/tags.ts';
import { canonicalTimeZone, DEFAULT_TIMEZONE } from '../common/timezones.ts';
import { createDashboardsRepository } from '../dashboards/dashboards.repository.ts';
import { widgetLayoutColumns } from '../dashboards/widget-row.ts';
import { createDevicesRepository } from '../devices/devices.repository.ts';
import { createPropertiesRepository } from '../properties/properties.repository.ts';
import { checkDistinctVariables, propertyColumns } from '../properties/property-rules.ts';
import { conformSketchName, generateSketch } from '../sketches/sketch-generator.ts';
import { bytesOf, createSketchesRepository } from '../sketches/sketches.repository.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import { createTriggersRepository } from '../triggers/triggers.repository.ts';

/** A 409 that names what clashed: the device and, when known, the thing that holds it. */
export const deviceNotFree = (device?: string, thing?: string) =>
  device
    ? `The device "${device}" is already bound to ${thing ? `the thing "${thing}"` : 'another thing'}.`
    : 'A chosen device is already bound to another thing.';

export interface ApplyOptions {
  /** A custom template's id, kept on each thing as `source_template` (a uuid column: built-ins keep none). */
  sourceTemplate: string | null;
  prefix?: string;
  /** Per thing template id: the device to bind. */
  devices: Record<string, string | undefined>;
  broker?: { host: string; port: number };
}

/** What applying made, for the answer and for the announcements after commit. */
export interface Applied extends TemplateApplyResult {
  boundDevices: string[];
}

/** A property trigger's condition from the template, checked against the variable's type. */
function conditionFor(type: string, c: TriggerTemplate['condition']) {
  const kind = conditionKindOf(type);
  if (!c) return { operator: kind === 'boolean' ? 'TRUE' : 'CHANGED' };
  const operator = c.operator as ConditionOperator;
  if (!conditionOperatorsFor(type).includes(operator)) {
    throw new AppError('validation_error', `A ${type} variable does not take the condition ${c.operator}.`);
  }
  if (!conditionNeedsValue(operator)) return { operator };
  const numeric = kind === 'number' || kind === 'integer';
  if (numeric ? typeof c.value !== 'number' : typeof c.value !== 'string') {
    throw new AppError('validation_error', `The ${operator} condition needs a value of the variable's type.`);
  }
  return { operator, value: c.value };
}

/**
 * Makes, inside the caller's transaction `tx`, everything a template holds in `space`: its things (each with
 * its variables, a generated sketch, and the device chosen for it, which must be a
 * free device of the space), its dashboards (widgets linked to the new things' variables) and its triggers
 * (watching the new variables or devices; their notifications go to the member applying it). Plan limits are
 * checked per item inside the transaction, so a refusal leaves nothing behind.
 */
export async function applyTemplate(
  tx: Database,
  quotas: IotQuotas,
  space: IotSpace,
  content: TemplateContent,
  opts: ApplyOptions,
): Promise<Applied> {
  const things = createThingsRepository(tx);
  const devices = createDevicesRepository(tx);
  const props = createPropertiesRepository(tx);
  const sketches = createSketchesRepository(tx);
  const made = new Map<
    string,
    { id: string; deviceId: string | null; variables: Map<string, { id: string; type: string }> }
  >();
  const result: Applied = { things: [], dashboards: [], triggers: [], boundDevices: [] };

  const unknownOption = Object.keys(opts.devices).find(
    (k) => !content.thing_templates.some((t) => t.id === k),
  );
  if (unknownOption) throw new AppError('validation_error', `The template has no thing ${unknownOption}.`);
  const chosen = Object.values(opts.devices).filter(Boolean);
  if (new Set(chosen).size !== chosen.length) {
    throw new AppError('validation_error', 'One device cannot be bound to two things.');
  }

  for (const t of content.thing_templates) {
    await quotas.require(tx, space, 'things', () => things.count(space));
    const deviceId = opts.devices[t.id]?.toLowerCase() ?? null;
    const device = deviceId ? await devices.find(space, deviceId) : null;
    if (deviceId && !device) throw notFound('Device');
    const holder = deviceId ? await things.boundTo(deviceId) : null;
    if (holder) throw new AppError('conflict', deviceNotFree(device?.device.name, holder.name));
    const id = randomUUID();
    const name = prefixedName(opts.prefix, t.name, 64);
    await things.insert({
      id,
      name,
      timezone: (t.timezone && canonicalTimeZone(t.timezone)) || DEFAULT_TIMEZONE,
      deviceId,
      // A template's webhook would send this space's values to the template author's address: not copied.
      webhookUri: null,
      webhookActive: false,
      assistant: null,
      tags: tagsFromList(t.tags),
      sourceTemplate: opts.sourceTemplate,
      organizationId: space.organizationId,
      ownerUserId: space.ownerUserId,
    });
    checkDistinctVariables(t.variables);
    const variables = new Map<string, { id: string; type: string }>();
    let tag = 1;
    for (const v of t.variables) {
      const row = await props.insert({ thingId: id, ...propertyColumns(v), tag: tag++ });
      const ref = { id: row.id, type: row.type };
      variables.set(v.name, ref);
      if (v.variable_name) variables.set(v.variable_name, ref);
      if (row.variableName) variables.set(row.variableName, ref);
    }
    made.set(t.id, { id, deviceId, variables });

    // Every thing gets its sketch, even one bound to a device that runs none (a phone, a manual device):
    // Arduino's API marks `sketch_id` required in the answer, and its clients refuse an answer without it.
    // Such a device's sketch is written for no board in particular (its thingProperties.h names none) and
    // stays as made until the thing moves to a board that runs sketches, when it is regenerated for that one.
    const runsSketch = device !== null && !NO_SKETCH_TYPES.includes(device.device.type);
    const base = conformSketchName(name).slice(0, 56);
    const taken = new Set(await sketches.namesLike(space, base));
    let sketchName = base;
    for (let n = 2; taken.has(sketchName); n++) sketchName = `${base}_${n}`;
    const files = generateSketch(
      {
        thing: { id, name },
        device: runsSketch
          ? { id: device.device.id, type: device.device.type, connectionType: device.device.connectionType }
          : null,
        properties: (await props.listByThings([id])).map((r) => r.property),
        version: 'v2',
        broker: opts.broker,
      },
      sketchName,
    );
    // The sketch counts against the space's sketch storage like any other.
    await quotas.requireSketchDisk(tx, space, bytesOf(files), () => sketches.spaceBytes(space));
    const sketch = await sketches.insert({
      organizationId: space.organizationId,
      ownerUserId: space.ownerUserId,
      name: sketchName,
      thingId: id,
      sketchVersion: 'v2',
      files,
    });
    await things.update(id, { sketchId: sketch.id });
    if (deviceId) result.boundDevices.push(deviceId);
    result.things.push({ id, sketch_id: sketch.id, ...(deviceId && { device_id: deviceId }) });
  }

  const variableOf = (thingId: string, variable: string) => {
    const v = made.get(thingId)?.variables.get(variable);
    if (!v) throw new AppError('validation_error', `The template lacks the variable ${thingId}.${variable}.`);
    return v;
  };

  const dashboards = createDashboardsRepository(tx);
  for (const d of content.dashboard_templates) {
    const id = randomUUID();
    await dashboards.insert({
      id,
      organizationId: space.organizationId,
      ownerUserId: space.ownerUserId,
      name: prefixedName(opts.prefix, d.name, 64),
      coverImage: null,
      pages: null,
    });
    await dashboards.putWidgets(
      id,
      d.widgets.map((w, i) => ({
        dashboardId: id,
        id: randomUUID(),
        ...widgetLayoutColumns(w),
        pageId: null,
        position: i,
        variables: (w.variables ?? []).map((v) => variableOf(v.thing_id, v.variable_id).id),
      })),
    );
    result.dashboards.push(id);
  }

  const triggers = createTriggersRepository(tx);
  for (const t of content.trigger_templates) {
    await quotas.require(tx, space, 'triggers', () => triggers.count(space));
    const id = randomUUID();
    const p = t.linked_property;
    const watched = p ? variableOf(p.thing_id, p.property_id) : null;
    await triggers.insert({
      id,
      organizationId: space.organizationId,
      ownerUserId: space.ownerUserId,
      name: prefixedName(opts.prefix, t.name, 256),
      description: t.description ?? null,
      active: t.active ?? true,
      propertyId: watched?.id ?? null,
      condition: watched ? conditionFor(watched.type, t.condition) : null,
      deviceStatusSource: watched
        ? null
        : {
            criteria: 'INCLUDE',
            device_ids: (t.linked_devices ?? [])
              .map((d) => made.get(d.thing_id)?.deviceId)
              .filter((d): d is string => !!d),
            ...(t.grace_period_online !== undefined && { grace_period_online: t.grace_period_online }),
            ...(t.grace_period_offline !== undefined && { grace_period_offline: t.grace_period_offline }),
          },
    });
    const to = [{ id: space.actorId }];
    for (const a of t.actions ?? []) {
      await triggers.insertAction({
        organizationId: space.organizationId,
        ownerUserId: space.ownerUserId,
        triggerId: id,
        name: a.name ?? t.name,
        kind: a.kind,
        description: a.description ?? null,
        email: a.email ? { subject: a.email.subject, body: a.email.body, delivery: { to } } : null,
        pushNotification: a.push_notification
          ? { title: a.push_notification.title, body: a.push_notification.body, delivery: { to } }
          : null,
      });
    }
    result.triggers.push(id);
  }
  return result;
}
