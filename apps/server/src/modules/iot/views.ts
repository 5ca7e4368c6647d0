import { boardOf, NO_SKETCH_TYPES } from './catalogue/boards.ts';
import { compact, iso } from './common/schemas.ts';
import type { DeviceRecord, DeviceRow, ThingRow } from './devices/devices.repository.ts';
import type { DeviceView } from './devices/devices.schemas.ts';
import type { PropertyRecord } from './properties/properties.repository.ts';
import type { PropertyView } from './properties/properties.schemas.ts';
import type { ThingView } from './things/things.schemas.ts';

/** API answers built from rows, in upstream's shapes (absent values are left out, as Goa does). */

const deviceHref = (id: string) => `/iot/v2/devices/${id}`;
const thingHref = (id: string) => `/iot/v2/things/${id}`;
const propertyHref = (thingId: string, id: string) => `/iot/v2/things/${thingId}/properties/${id}`;

const num = (v: number | null) => (v === null ? undefined : v);

export function propertyView(r: PropertyRecord, thingName?: string): PropertyView {
  const p = r.property;
  return compact({
    id: p.id,
    href: propertyHref(p.thingId, p.id),
    name: p.name,
    permission: p.permission,
    thing_id: p.thingId,
    type: p.type,
    update_strategy: p.updateStrategy,
    variable_name: p.variableName ?? undefined,
    tag: num(p.tag),
    last_value: r.valueUpdatedAt ? r.lastValue : undefined,
    value_updated_at: iso(r.valueUpdatedAt),
    persist: p.persist,
    update_parameter: num(p.updateParameter),
    min_value: num(p.minValue),
    max_value: num(p.maxValue),
    sync_id: p.syncId ?? undefined,
    linked_to_trigger: r.linkedToTrigger,
    thing_name: thingName,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    deleted_at: iso(p.deletedAt),
  });
}

export function thingView(
  thing: ThingRow,
  device: DeviceRow | null,
  extra: { propertiesCount?: number | null; properties?: PropertyRecord[] } = {},
): ThingView {
  return compact({
    id: thing.id,
    href: thingHref(thing.id),
    name: thing.name,
    timezone: thing.timezone,
    user_id: thing.ownerUserId,
    device_id: device ? device.id : undefined,
    device_name: device?.name,
    device_type: device?.type,
    device_fqbn: device?.fqbn ?? undefined,
    properties: extra.properties?.map((p) => propertyView(p, thing.name)),
    properties_count: extra.propertiesCount ?? extra.properties?.length,
    sketch_id: thing.sketchId ?? undefined,
    source_template: thing.sourceTemplate ?? undefined,
    webhook_uri: thing.webhookUri ?? undefined,
    webhook_active: thing.webhookActive,
    assistant: thing.assistant ?? undefined,
    organization_id: thing.organizationId ?? undefined,
    tags: thing.tags,
    created_at: iso(thing.createdAt),
    updated_at: iso(thing.updatedAt),
    deleted_at: iso(thing.deletedAt),
  });
}

export function deviceView(r: DeviceRecord): DeviceView {
  const d = r.device;
  const board = boardOf(d.type, d.fqbn);
  return compact({
    id: d.id,
    href: deviceHref(d.id),
    name: d.name,
    label: board?.label ?? d.type,
    serial: d.serial,
    type: d.type,
    user_id: d.ownerUserId,
    fqbn: d.fqbn ?? undefined,
    connection_type: d.connectionType ?? undefined,
    device_status: d.status,
    last_activity_at: iso(d.lastActivityAt),
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
    deleted_at: iso(d.deletedAt),
    thing: r.thing ? thingView(r.thing, d, { propertiesCount: r.propertiesCount }) : undefined,
    ota_available: board?.ota_available ?? false,
    ota_compatible: board?.ota_available ?? false,
    no_sketch: NO_SKETCH_TYPES.includes(d.type),
    locked: d.locked,
    unique_hardware_id: d.uniqueHardwareId ?? undefined,
    ble_mac: d.bleMac ?? undefined,
    lib_version: d.libVersion ?? undefined,
    wifi_fw_version: d.wifiFwVersion ?? undefined,
    organization_id: d.organizationId ?? undefined,
    metadata: d.metadata,
    tags: d.tags,
    webhooks: [],
  });
}

/** Tags as the `…/tags` endpoints list them. */
export function tagList(tags: Record<string, string>) {
  return { tags: Object.entries(tags).map(([key, value]) => ({ key, value })) };
}
