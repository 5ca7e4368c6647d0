import { z } from 'zod';
import { CONNECTION_TYPES, DEVICE_TYPES } from '../catalogue/boards.ts';
import { deviceName, queryBool, tagFilters } from '../common/schemas.ts';
import { propertySchema } from '../properties/properties.schemas.ts';

export { type DeviceView, deviceSchema, deviceStatusSchema, passSchema } from '@tinkercloud/shared';

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

const fields = {
  name: deviceName.min(1),
  serial: deviceName,
  fqbn: z
    .string()
    .max(128)
    .regex(
      /^[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+(:[A-Za-z0-9_.=,-]+)?$/,
      'vendor:architecture:board',
    ),
  connection_type: z.enum(CONNECTION_TYPES),
  ble_mac: z
    .string()
    .length(17)
    .regex(/^(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/, 'a MAC address such as 01:23:45:67:89:ab'),
  locked: z.boolean(),
  unique_hardware_id: z
    .string()
    .length(64)
    .regex(/^[\x21-\x7e]+$/, 'printable characters only'),
  user_id: z.uuid(),
  wifi_fw_version: z.string().max(10).regex(SEMVER, 'a semantic version such as 1.5.0'),
  soft_deleted: z.boolean(),
  type: z.enum(DEVICE_TYPES),
};

/** CreateDevicesV2Payload: only `type` is required. */
export const deviceCreateBody = z.object({
  ...fields,
  name: fields.name.optional(),
  serial: fields.serial.optional(),
  fqbn: fields.fqbn.optional(),
  connection_type: fields.connection_type.optional(),
  ble_mac: fields.ble_mac.optional(),
  locked: fields.locked.optional(),
  unique_hardware_id: fields.unique_hardware_id.optional(),
  user_id: fields.user_id.optional(),
  wifi_fw_version: fields.wifi_fw_version.optional(),
  soft_deleted: fields.soft_deleted.optional(),
});
export type DeviceCreateBody = z.infer<typeof deviceCreateBody>;

/** devicev2 (update): every field optional; `soft_deleted: false` restores a soft-deleted device. */
export const deviceUpdateBody = deviceCreateBody.partial();
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

export const deviceListQuery = z.object({
  across_user_ids: queryBool.optional(),
  serial: z.string().max(64).optional(),
  show_deleted: queryBool.optional(),
  tags: tagFilters,
  unique_hardware_id: z.string().max(64).optional(),
});

export const passQuery = z.object({ suggested_password: queryBool.optional() });
const devicePassword = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII characters without spaces');
export const passBody = z.object({ password: devicePassword });
export const passCheckBody = z.object({ password: z.string().max(256) });

/** ArduinoDevicev2properties. */
export const devicePropertiesSchema = z.object({
  deviceId: z.string(),
  user_id: z.string(),
  data_retention_days: z.number(),
  properties: z.array(propertySchema),
});
export const devicePropertiesBody = z.object({
  input: z.boolean().optional(),
  properties: z
    .array(
      z.object({
        name: z.string().min(1).max(64),
        type: z.enum(['infer', 'base64', 'hex', 'json']).default('infer'),
        value: z.unknown(),
      }),
    )
    .min(1)
    .max(200),
});
export const devicePropertyParams = z.object({ id: z.uuid(), pid: z.uuid() });
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  start: z
    .string()
    .max(40)
    .refine((s) => Number.isFinite(Date.parse(s)), 'an RFC 3339 date')
    .transform((s) => new Date(s))
    .optional(),
});
export const devicePropertyValuesSchema = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(
    z.object({
      created_at: z.string(),
      value: z.object({ payload: z.string().optional(), seqno: z.number().int().optional() }),
    }),
  ),
  last_evaluated_key: z.object({
    created_at: z.string().optional(),
    id: z.string().optional(),
    name: z.string().optional(),
  }),
});
export const deviceEventsSchema = z.object({
  id: z.string(),
  events: z.array(z.object({ name: z.string(), updated_at: z.string(), value: z.unknown() })),
});
