import { z } from 'zod';

export {
  otaCancelSchema,
  otaListSchema,
  otaSchema,
  otaShowSchema,
  otaStateSchema,
  otaUploadSchema,
} from '@tinkercloud/shared';

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

/** A limit of 500 is what the web app's firmware page asks for (spec: OTA history limit). */
export const otaListQuery = z.object({
  device_id: z.uuid(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export const otaIdParam = z.object({ otaId: z.uuid() });

export const downloadParams = z.object({ binaryId: z.uuid() });
export const downloadQuery = z.object({
  e: z.coerce.number().int().nonnegative(),
  s: z.string().max(64),
});
