import { OTA_STATUSES } from '@tinkercloud/shared';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { iotDevices } from './iot.ts';

/**
 * Device certificates and over-the-air updates (issue 4: DevicesV2CertsApi, DevicesV2OtaApi and the OTA status
 * API). Everything hangs off a device and goes with it when it is deleted for good.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** bytea as a Buffer with both drivers (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Certificates signed by the deployment's device CA from a CSR of the device (`PUT …/certs`). */
export const iotDeviceCerts = pgTable(
  'iot_device_certs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    /** The CA the caller named (arduino-cloud-cli sends `Arduino_v2`); ours signs whatever is named. */
    ca: text('ca').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    der: bytea('der').notNull(),
    /** Hex: the certificate serial, issuer key id and the signature's r and s (the "compressed" form). */
    serial: text('serial').notNull(),
    authorityKeyId: text('authority_key_id').notNull(),
    signatureR: text('signature_r').notNull(),
    signatureS: text('signature_s').notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('iot_device_certs_device_idx').on(t.deviceId, t.createdAt)],
);

/** Firmware files sent to devices; `key` is upstream's binary key (`ota/<a>/<b>.ota`). */
export const iotOtaBinaries = pgTable('iot_ota_binaries', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  /** The device it was uploaded for; the space is that device's. */
  deviceId: uuid('device_id')
    .notNull()
    .references(() => iotDevices.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  /** Lower-case hex. */
  sha256: text('sha256').notNull(),
  size: integer('size').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// The statuses are the API's (the OTA answers carry them), so they live with its shapes.
export { OTA_STATUSES, type OtaStatus } from '@tinkercloud/shared';

/** One update of one device: offered while `pending` and not expired, then followed by the device's reports. */
export const iotOtaUpdates = pgTable(
  'iot_ota_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    /** The file; null once it was removed (a device keeps its newest files only), the history stays. */
    binaryId: uuid('binary_id').references(() => iotOtaBinaries.id, { onDelete: 'set null' }),
    /** The file's hash (lower-case hex) and size, kept for the history. */
    sha256: text('sha256').notNull(),
    firmwareSize: integer('firmware_size').notNull(),
    status: text('status', { enum: OTA_STATUSES }).notNull().default('pending'),
    /** The running firmware's hash when the update was offered (lower-case hex; zeros when unknown). */
    initialSha256: text('initial_sha256'),
    errorReason: text('error_reason'),
    /** While `pending`: the device must take it before this. */
    expiresAt: ts('expires_at').notNull(),
    /** When the update was last sent to the device, and how often it was sent again. */
    sentAt: ts('sent_at'),
    retryAttempt: integer('retry_attempt').notNull().default(0),
    maxRetries: integer('max_retries').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('iot_ota_updates_device_idx').on(t.deviceId, t.startedAt)],
);

/** The steps of an update: `pending`, then what the device reports (`fetch`, `flash`, `reboot`, …). */
export const iotOtaStates = pgTable(
  'iot_ota_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    otaId: uuid('ota_id')
      .notNull()
      .references(() => iotOtaUpdates.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    stateData: text('state_data'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('iot_ota_states_ota_idx').on(t.otaId, t.id)],
);

/** The hash of the firmware a device last said it runs (OtaBeginUp), the initial hash of its next update. */
export const iotDeviceFirmware = pgTable('iot_device_firmware', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => iotDevices.id, { onDelete: 'cascade' }),
  sha256: text('sha256').notNull(),
  reportedAt: ts('reported_at').notNull().defaultNow(),
});
