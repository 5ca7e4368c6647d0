import { GROUP_KINDS } from '@tinkercloud/shared';
import type { TemplateContent } from '@tinkercloud/shared/iot';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './spaces.ts';
import { users } from './users.ts';

/**
 * IoT resources of the Arduino-compatible API (issue 4). Every top-level resource belongs to one space:
 * `organization_id` names an edu or pro space, or is null for the My Cloud of `owner_user_id`. In a space,
 * `owner_user_id` is the member who created it (the API's `user_id`). Children (properties, widgets, actions,
 * values in the telemetry store) belong to their parent's space. Soft delete sets `deleted_at`; `force` removes the row.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const deletedAt = () => ts('deleted_at');
const organizationId = () =>
  uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' });
const ownerUserId = () =>
  uuid('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** `{key: value}` as the API shows tags; both match `^[a-zA-Z0-9_.@-]+$`, at most 64 characters. */
const tags = () => jsonb('tags').$type<Record<string, string>>().notNull().default({});

// The kinds are the API's (the group lists answer them), so they live with its shapes.
export { GROUP_KINDS, type GroupKind } from '@tinkercloud/shared';

/** Folders of the web app's group lists (spec 7.4, `parent_id`); each holds items of one kind. */
export const iotFolders = pgTable(
  'iot_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => iotFolders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GROUP_KINDS }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('iot_folders_space_idx').on(t.organizationId, t.ownerUserId, t.kind),
    index('iot_folders_parent_idx').on(t.parentId),
  ],
);

const folderId = () => uuid('folder_id').references(() => iotFolders.id, { onDelete: 'set null' });

export const iotDevices = pgTable(
  'iot_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    folderId: folderId(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    fqbn: text('fqbn'),
    serial: text('serial').notNull().default(''),
    connectionType: text('connection_type'),
    uniqueHardwareId: text('unique_hardware_id'),
    bleMac: text('ble_mac'),
    locked: boolean('locked').notNull().default(false),
    /** ONLINE, OFFLINE or UNKNOWN (never connected); kept by the device connectivity code. */
    status: text('status', { enum: ['ONLINE', 'OFFLINE', 'UNKNOWN'] })
      .notNull()
      .default('UNKNOWN'),
    /** Counts for the device-list change marker once a minute; set it without touching updated_at. */
    lastActivityAt: ts('last_activity_at'),
    libVersion: text('lib_version'),
    wifiFwVersion: text('wifi_fw_version'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    tags: tags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('iot_devices_space_idx').on(t.organizationId, t.ownerUserId, t.createdAt),
    index('iot_devices_uhwid_idx').on(t.uniqueHardwareId),
    index('iot_devices_tags_idx').using('gin', t.tags),
    // The external broker's stale-online sweep reads online devices by last activity every minute.
    index('iot_devices_online_activity_idx').on(t.lastActivityAt).where(sql`${t.status} = 'ONLINE'`),
  ],
);

/** The device's secret key (MQTT password of secret-key devices): only its hash, shown once when set. */
export const iotDeviceSecrets = pgTable('iot_device_secrets', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iotDevices.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  createdAt: createdAt(),
});

/**
 * The keys of a LoRa device registered for an external LoRaWAN network server (`PUT /iot/v1/lora-devices/`).
 * The application key is a secret: answered once, when the device is created, never in device views.
 */
export const iotLoraDevices = pgTable('iot_lora_devices', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iotDevices.id, { onDelete: 'cascade' }),
  /** The board's own EUI: one device per board. */
  eui: text('eui').notNull().unique(),
  appEui: text('app_eui').notNull(),
  appKey: text('app_key').notNull(),
  app: text('app').notNull(),
  frequencyPlan: text('frequency_plan').notNull(),
  createdAt: createdAt(),
});

/** Connection history (`GET /iot/v2/devices/{id}/status`). */
export const iotDeviceStatusEvents = pgTable(
  'iot_device_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    value: text('value', { enum: ['CONNECTED', 'DISCONNECTED'] }).notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('iot_device_status_events_device_idx').on(t.deviceId, t.at)],
);

export const iotThings = pgTable(
  'iot_things',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    folderId: folderId(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull(),
    deviceId: uuid('device_id').references(() => iotDevices.id, { onDelete: 'set null' }),
    webhookUri: text('webhook_uri'),
    webhookActive: boolean('webhook_active').notNull().default(false),
    assistant: text('assistant', { enum: ['ALEXA', 'GOOGLE', 'NONE'] }),
    /** The sketch attached to the thing (`PUT /iot/v2/things/{id}/sketch`); detaching keeps the sketch. */
    sketchId: uuid('sketch_id').references((): AnyPgColumn => iotSketches.id, { onDelete: 'set null' }),
    sourceTemplate: uuid('source_template'),
    tags: tags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('iot_things_space_idx').on(t.organizationId, t.ownerUserId, t.createdAt),
    // A device drives at most one live thing.
    uniqueIndex('iot_things_device_key')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null and ${t.deletedAt} is null`),
    index('iot_things_tags_idx').using('gin', t.tags),
  ],
);

export const iotProperties = pgTable(
  'iot_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    thingId: uuid('thing_id')
      .notNull()
      .references(() => iotThings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    variableName: text('variable_name'),
    /** One of the `property.type` values of the upstream API (see the property-type catalogue). */
    type: text('type').notNull(),
    permission: text('permission', { enum: ['READ_ONLY', 'READ_WRITE'] }).notNull(),
    updateStrategy: text('update_strategy', { enum: ['ON_CHANGE', 'TIMED'] }).notNull(),
    updateParameter: doublePrecision('update_parameter'),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    persist: boolean('persist').notNull().default(true),
    /** The integer id of the property inside its thing (LoRa devices address properties by it). */
    tag: integer('tag'),
    syncId: uuid('sync_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('iot_properties_thing_idx').on(t.thingId, t.createdAt),
    uniqueIndex('iot_properties_variable_key')
      .on(t.thingId, t.variableName)
      .where(sql`${t.variableName} is not null and ${t.deletedAt} is null`),
  ],
);

/**
 * Sketches generated for things (`PUT /iot/v2/things/{id}/sketch`): the `.ino`, `thingProperties.h` and
 * `arduino_secrets.h` as text, served read-only under `/create/v2`. The name is the sketch's folder name,
 * unique in its space.
 */
export const iotSketches = pgTable(
  'iot_sketches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    folderId: folderId(),
    name: text('name').notNull(),
    /** The thing it was generated for; the sketch stays when the thing goes. */
    thingId: uuid('thing_id').references((): AnyPgColumn => iotThings.id, { onDelete: 'set null' }),
    sketchVersion: text('sketch_version', { enum: ['v1', 'v2'] }).notNull(),
    files: jsonb('files').$type<{ name: string; content: string }[]>().notNull(),
    /** UTF-8 bytes of all its files, kept by every write: the space's disk quota sums these. */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** In the trash (`DELETE /create/v2/sketches/byID/{id}`); its bytes count until purged. */
    deletedAt: deletedAt(),
  },
  (t) => [
    index('iot_sketches_space_idx').on(t.organizationId, t.ownerUserId, t.createdAt),
    uniqueIndex('iot_sketches_name_key').on(
      sql`coalesce(${t.organizationId}::text, 'user:' || ${t.ownerUserId}::text)`,
      t.name,
    ),
  ],
);

/**
 * The values of a sketch's `arduino_secrets.h` (Wi-Fi password, device key…), apart from its files so the
 * files API, zips, duplicates and templates never carry them.
 */
export const iotSketchSecrets = pgTable(
  'iot_sketch_secrets',
  {
    sketchId: uuid('sketch_id')
      .notNull()
      .references(() => iotSketches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sketchId, t.name] })],
);

export const iotDashboards = pgTable(
  'iot_dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    folderId: folderId(),
    name: text('name').notNull(),
    coverImage: text('cover_image'),
    /** Dashboard v3 pages `[{id, name, position, icon}]`; v2 dashboards have none. */
    pages: jsonb('pages').$type<{ id: string; name: string; position: number; icon?: string }[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('iot_dashboards_space_idx').on(t.organizationId, t.ownerUserId, t.createdAt)],
);

/** Widgets keep the id the client gave them; layout for desktop and mobile. */
export const iotWidgets = pgTable(
  'iot_widgets',
  {
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => iotDashboards.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    name: text('name'),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    xMobile: integer('x_mobile'),
    yMobile: integer('y_mobile'),
    widthMobile: integer('width_mobile'),
    heightMobile: integer('height_mobile'),
    pageId: text('page_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dashboardId, t.id] })],
);

/** Properties a widget shows or drives (the widget's linked variables). */
export const iotWidgetVariables = pgTable(
  'iot_widget_variables',
  {
    dashboardId: uuid('dashboard_id').notNull(),
    widgetId: uuid('widget_id').notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => iotProperties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dashboardId, t.widgetId, t.propertyId] }),
    foreignKey({
      name: 'iot_widget_variables_widget_fk',
      columns: [t.dashboardId, t.widgetId],
      foreignColumns: [iotWidgets.dashboardId, iotWidgets.id],
    }).onDelete('cascade'),
    index('iot_widget_variables_property_idx').on(t.propertyId),
  ],
);

export const iotDashboardShares = pgTable(
  'iot_dashboard_shares',
  {
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => iotDashboards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dashboardId, t.userId] }),
    index('iot_dashboard_shares_user_idx').on(t.userId),
  ],
);

/**
 * Access-request mails sent today from one requester to one dashboard owner (`PUT …/share_request`): a row per
 * pair, its counter starting again each day. In the database so every server process and restart agree.
 */
export const iotShareRequestMails = pgTable(
  'iot_share_request_mails',
  {
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day the counter is for. */
    day: text('day').notNull(),
    sent: integer('sent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.ownerId] }),
    index('iot_share_request_mails_owner_idx').on(t.ownerId),
  ],
);

/** A trigger watches one property or the connection status of devices (never both). */
export const iotTriggers = pgTable(
  'iot_triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    folderId: folderId(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    propertyId: uuid('property_id').references(() => iotProperties.id, { onDelete: 'set null' }),
    /** `{criteria: INCLUDE|EXCLUDE, device_ids[], grace_period_online, grace_period_offline}` */
    deviceStatusSource: jsonb('device_status_source').$type<{
      criteria: 'INCLUDE' | 'EXCLUDE';
      device_ids: string[];
      grace_period_online?: number;
      grace_period_offline?: number;
    }>(),
    /**
     * When a property trigger fires (our extension of the upstream payload): `{operator, value?}` with
     * CHANGED, EQ, NE, GT, GTE, LT, LTE, TRUE, FALSE or CONTAINS, checked against the property's type.
     */
    condition: jsonb('condition').$type<{ operator: string; value?: unknown }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('iot_triggers_space_idx').on(t.organizationId, t.ownerUserId, t.createdAt),
    index('iot_triggers_property_idx').on(t.propertyId),
    check(
      'iot_triggers_one_source',
      sql`not (${t.propertyId} is not null and ${t.deviceStatusSource} is not null)`,
    ),
  ],
);

/**
 * What firing a trigger remembers, apart from the trigger itself (so firing never moves the trigger's
 * `updated_at` nor its generation): whether its condition held at the last value seen (conditions fire when
 * they start to hold) and when it last fired (the rate limit). Written only when one of them changes.
 */
export const iotTriggerStates = pgTable('iot_trigger_states', {
  triggerId: uuid('trigger_id')
    .primaryKey()
    .references(() => iotTriggers.id, { onDelete: 'cascade' }),
  conditionMet: boolean('condition_met'),
  lastFiredAt: ts('last_fired_at'),
});

/**
 * A trigger's recent firings, the newest 100 kept (older ones are pruned as new ones come): when it fired and
 * what made it fire (the property value, or the device status, with the thing), as the trigger page shows.
 */
export const iotTriggerFirings = pgTable(
  'iot_trigger_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    triggerId: uuid('trigger_id')
      .notNull()
      .references(() => iotTriggers.id, { onDelete: 'cascade' }),
    firedAt: ts('fired_at').notNull().defaultNow(),
    source: jsonb('source').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('iot_trigger_firings_trigger_idx').on(t.triggerId, t.firedAt)],
);

/**
 * One row: a number that a statement trigger on `iot_triggers` (migration `iot_trigger_firing`) moves on every
 * change, so each server process knows when to reload its in-memory index of active triggers.
 */
export const iotTriggerGeneration = pgTable(
  'iot_trigger_generation',
  {
    id: boolean('id').primaryKey().default(true),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('iot_trigger_generation_one_row', sql`${t.id}`)],
);

/** Actions (e-mail or push) run when a trigger fires; `email` and `push_notification` as the API sends them. */
export const iotActions = pgTable(
  'iot_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    triggerId: uuid('trigger_id').references(() => iotTriggers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['NOTIFY-EMAIL', 'NOTIFY-PUSH'] }).notNull(),
    description: text('description'),
    email: jsonb('email').$type<Record<string, unknown>>(),
    pushNotification: jsonb('push_notification').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('iot_actions_trigger_idx').on(t.triggerId),
    index('iot_actions_space_idx').on(t.organizationId, t.ownerUserId),
  ],
);

/**
 * API keys for the client-credentials flow. The secret is random (256 bits) and only its SHA-256 is kept;
 * a key created in a space acts in that space.
 */
export const iotApiClients = pgTable(
  'iot_api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('iot_api_clients_client_id_key').on(t.clientId),
    index('iot_api_clients_space_idx').on(t.organizationId, t.ownerUserId),
  ],
);

/**
 * Files the user asked for and downloads later (`POST /iot/v2/series/historic_data` makes a CSV and mails
 * its link); they expire.
 */
export const iotExports = pgTable(
  'iot_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    /** The CSV of an export made before exports were streamed; null: the query below, read when downloaded. */
    body: text('body'),
    size: integer('size'),
    /** The properties and [from, to) whose values the download streams from the store. */
    propertyIds: uuid('property_ids').array(),
    rangeFrom: ts('range_from'),
    rangeTo: ts('range_to'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('iot_exports_owner_idx').on(t.ownerUserId, t.createdAt),
    index('iot_exports_expires_idx').on(t.expiresAt),
  ],
);

/** Messages for one user (`GET /notifications`): exports ready, triggers fired, shares, ... */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A change marker per space, kept by database triggers (migration `iot_change_marker_triggers`) rather than by
 * application code, so every writer in every server process keeps it. `devices` takes a new value (from one
 * sequence, so values never repeat) whenever something the device list shows changes in the space; a cached
 * list is valid while the marker it was built under is current. `space_key` is `o:<organization id>` or
 * `u:<user id>` (My Cloud). `bumped_by` is the transaction of the last change: one bump per transaction.
 */
export const iotChangeMarkers = pgTable('iot_change_markers', {
  spaceKey: text('space_key').primaryKey(),
  devices: bigint('devices', { mode: 'number' }).notNull(),
  bumpedBy: bigint('bumped_by', { mode: 'number' }).notNull(),
});

/**
 * A thing's webhook signing secret (issue 14): made when the webhook is first set, answered once then
 * (`webhook_secret`) or when rotated, never in thing views. Kept as is: deliveries are signed with it.
 * `droppedValues` counts values not delivered because the thing went over its delivery rate.
 */
export const iotThingWebhooks = pgTable('iot_thing_webhooks', {
  thingId: uuid('thing_id')
    .primaryKey()
    .references(() => iotThings.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  droppedValues: bigint('dropped_values', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Webhook deliveries (issue 14): the outbox (rows `PENDING` until `next_attempt_at`, claimed by any process
 * with `for update skip locked`) and the delivery log (the last 100 per thing are kept).
 */
export const iotWebhookDeliveries = pgTable(
  'iot_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    thingId: uuid('thing_id')
      .notNull()
      .references(() => iotThings.id, { onDelete: 'cascade' }),
    /** The JSON document sent, as signed. */
    body: text('body').notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; while an attempt runs, when its claim lapses. */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    httpStatus: integer('http_status'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('iot_webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('iot_webhook_deliveries_thing_idx').on(t.thingId, t.createdAt),
  ],
);

/**
 * Custom templates (spec 3, 7.5): a title, a description and what the template holds (thing, dashboard and
 * trigger templates, `TemplateContent` of `@tinkercloud/shared/iot`), in one space. `source_id` is the
 * template an archive came from (the `source_template_id` of its template.json; a template made here is its
 * own source), so a space holds one copy of each: importing it again answers 409.
 */
export const iotCustomTemplates = pgTable(
  'iot_custom_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    ownerUserId: ownerUserId(),
    /** `o:<organization id>` or `u:<owner id>` (My Cloud): the space the unique source key is scoped to. */
    spaceKey: text('space_key').notNull(),
    sourceId: uuid('source_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    content: jsonb('content').$type<TemplateContent>().notNull(),
    compatibleBoards: jsonb('compatible_boards').$type<string[]>().notNull().default([]),
    /** The template's pictures (`image_links`): images uploaded to /storage/media/v1 or https addresses. */
    imageLinks: jsonb('image_links').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('iot_custom_templates_source_key').on(t.spaceKey, t.sourceId),
    index('iot_custom_templates_space_idx').on(t.spaceKey, t.createdAt),
  ],
);
