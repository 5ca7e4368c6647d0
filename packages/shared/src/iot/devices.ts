import { z } from 'zod';
import { thingRefReadSchema, thingSchema } from './things.ts';

/** What the API says of a device's connection; UNKNOWN: it never connected. */
export const DEVICE_STATUSES = ['ONLINE', 'OFFLINE', 'UNKNOWN'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** A device as the IoT API answers it (ArduinoDevicev2, `application/vnd.arduino.devicev2+json`). */
export const deviceSchema = z.object({
  id: z.string(),
  href: z.string(),
  name: z.string(),
  label: z.string(),
  serial: z.string(),
  type: z.string(),
  user_id: z.string(),
  fqbn: z.string().optional(),
  connection_type: z.string().optional(),
  device_status: z.enum(DEVICE_STATUSES).optional(),
  last_activity_at: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  deleted_at: z.string().optional(),
  thing: thingSchema.optional(),
  ota_available: z.boolean().optional(),
  ota_compatible: z.boolean().optional(),
  no_sketch: z.boolean().optional(),
  locked: z.boolean().optional(),
  unique_hardware_id: z.string().optional(),
  ble_mac: z.string().optional(),
  lib_version: z.string().optional(),
  wifi_fw_version: z.string().optional(),
  organization_id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  tags: z.record(z.string(), z.string()).optional(),
  webhooks: z.array(z.object({ id: z.string(), uri: z.string(), active: z.boolean().optional() })).optional(),
});
export type DeviceView = z.infer<typeof deviceSchema>;

/** How a client reads a device: id and name required, its bound thing read as a reference. */
export const deviceReadSchema = deviceSchema
  .partial()
  .required({ id: true, name: true })
  .extend({ thing: thingRefReadSchema.optional() })
  .loose();
export type DeviceRead = z.infer<typeof deviceReadSchema>;

/** `GET /iot/v2/devices/{id}/status`: the device's connection events, newest first. */
export const deviceStatusEventSchema = z.object({
  updated_at: z.string(),
  value: z.enum(['CONNECTED', 'DISCONNECTED']),
});
export type DeviceStatusEvent = z.infer<typeof deviceStatusEventSchema>;
export const deviceStatusSchema = z.object({ id: z.string(), events: z.array(deviceStatusEventSchema) });

/** `GET /iot/v2/devices/{id}/pass` (ArduinoDevicev2Pass): whether a secret key is set, and one to propose. */
export const passSchema = z.object({ set: z.boolean(), suggested_password: z.string().optional() });
