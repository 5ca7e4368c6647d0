import { z } from 'zod';
import { OTA_STATUSES } from '../../../db/schema/index.ts';

/** ArduinoDevicev2Otaupload. */
export const otaUploadSchema = z.object({
  ota_version: z.number().int(),
  ota_id: z.string().optional(),
  status: z.string().optional(),
  file_sha: z.string().optional(),
});

/** Minutes an update waits for its device: upstream's default 10; a week at most (deferred updates). */
export const expireInMins = z.coerce
  .number()
  .int()
  .min(1)
  .max(7 * 24 * 60);

/** The key of a stored binary (`ota/<a>/<b>.ota`). */
const binaryKey = z
  .string()
  .max(200)
  .regex(/^ota\/[a-zA-Z0-9_-]+\/[a-zA-Z0-9_-]+\.ota$/, 'ota/<a>/<b>.ota');

/** devicev2.otabinaryurl. */
export const otaSendBody = z.object({
  binary_key: binaryKey,
  async: z.boolean().optional(),
  expire_in_mins: expireInMins.optional(),
});

/** devicev2.otaurlpyalod. */
export const otaUrlBody = z.object({
  binary_key: binaryKey.optional(),
  sha256: z
    .string()
    .regex(/^[a-fA-F0-9]{64}$/)
    .optional(),
  user_id: z.uuid().optional(),
});
export const otaUrlSchema = z.object({ url: z.string(), expires_at: z.string() });

/** The OTA status API's Ota. */
const otaSchema = z.object({
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
const otaStateSchema = z.object({
  ota_id: z.string(),
  state: z.string(),
  state_data: z.string().optional(),
  timestamp: z.string(),
});

/** A limit of 500 is what the web app's firmware page asks for (spec: OTA history limit). */
export const otaListQuery = z.object({
  device_id: z.uuid(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export const otaIdParam = z.object({ otaId: z.uuid() });
export const otaListSchema = z.object({ ota: z.array(otaSchema) });
export const otaShowSchema = z.object({ ota: otaSchema, states: z.array(otaStateSchema) });
export const otaCancelSchema = z.object({ ota: otaSchema });

export const downloadParams = z.object({ binaryId: z.uuid() });
export const downloadQuery = z.object({
  e: z.coerce.number().int().nonnegative(),
  s: z.string().max(64),
});
