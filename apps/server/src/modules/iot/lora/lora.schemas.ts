import { z } from 'zod';
import { LORA_DEVICE_TYPES } from '../catalogue/boards.ts';
import { deviceName } from '../common/schemas.ts';
import { FREQUENCY_PLAN_IDS } from './frequency-plans.ts';

const hex = (length: number, what: string) =>
  z
    .string()
    .length(length)
    .regex(/^[0-9a-fA-F]+$/, `${what}: ${length} hexadecimal digits`)
    .transform((s) => s.toLowerCase());

/** CreateLoraDevicesV1Payload. Without app_eui and app_key the server makes them (the CLI then writes them). */
export const loraDeviceCreateBody = z.object({
  app: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-zA-Z0-9_.-]+$/, 'letters, digits and _ . - only'),
  eui: hex(16, 'eui'),
  app_eui: hex(16, 'app_eui').optional(),
  app_key: hex(32, 'app_key').optional(),
  frequency_plan: z.enum(FREQUENCY_PLAN_IDS),
  name: deviceName.min(1),
  serial: deviceName.optional(),
  type: z.enum(LORA_DEVICE_TYPES),
  user_id: z.union([z.literal('me'), z.uuid()]).describe("The caller's id, or 'me'"),
});
export type LoraDeviceCreateBody = z.infer<typeof loraDeviceCreateBody>;

/** ArduinoLoradevicev1: the keys, answered once. */
export const loraDeviceSchema = z.object({
  device_id: z.string(),
  eui: z.string(),
  app_eui: z.string(),
  app_key: z.string(),
});

/** ArduinoLorafreqplansv1. */
export const frequencyPlansSchema = z.object({
  frequency_plans: z.array(z.object({ id: z.string(), name: z.string(), advanced: z.boolean() })),
});
