import { z } from 'zod';

/** Where an over-the-air update is: offered while pending, then as the device reports. */
export const OTA_STATUSES = ['pending', 'in_progress', 'succeeded', 'failed', 'cancelled'] as const;
export type OtaStatus = (typeof OTA_STATUSES)[number];

/** One update of one device, as the OTA status API answers it. */
export const otaSchema = z.object({
  id: z.string(),
  device_id: z.string(),
  status: z.enum(OTA_STATUSES),
  started_at: z.string(),
  ended_at: z.string().optional(),
  error_reason: z.string().optional(),
  firmware_size: z.number().int(),
  sha256: z.string(),
  /** Ours: the stored file, for `PUT …/ota` and `POST …/ota/url` (absent once the file was removed). */
  binary_key: z.string().optional(),
  max_retries: z.number().int(),
  retry_attempt: z.number().int(),
});
/** A step the device reported. */
export const otaStateSchema = z.object({
  ota_id: z.string(),
  state: z.string(),
  state_data: z.string().optional(),
  timestamp: z.string(),
});
export const otaListSchema = z.object({ ota: z.array(otaSchema) });
export const otaShowSchema = z.object({ ota: otaSchema, states: z.array(otaStateSchema) });
export const otaCancelSchema = z.object({ ota: otaSchema });
/** `POST /iot/v2/devices/{id}/ota` (ArduinoDevicev2Otaupload). */
export const otaUploadSchema = z.object({
  ota_version: z.number().int(),
  ota_id: z.string().optional(),
  status: z.string().optional(),
  file_sha: z.string().optional(),
});

/** How a client reads an update: its id, status and start. */
export const otaReadSchema = otaSchema
  .partial()
  .required({ id: true, status: true, started_at: true })
  .loose();
export type OtaRead = z.infer<typeof otaReadSchema>;
export const otaStateReadSchema = otaStateSchema.partial().required({ state: true, timestamp: true }).loose();
export type OtaStateRead = z.infer<typeof otaStateReadSchema>;
export const otaListReadSchema = z.looseObject({ ota: z.array(otaReadSchema) });
export const otaShowReadSchema = z.looseObject({ ota: otaReadSchema, states: z.array(otaStateReadSchema) });
export const otaUploadReadSchema = otaUploadSchema.partial().loose();
