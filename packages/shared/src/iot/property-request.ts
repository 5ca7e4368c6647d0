import { z } from 'zod';
import { VARIABLE_NAME_MAX_LENGTH, VARIABLE_NAME_MESSAGE, VARIABLE_NAME_PATTERN } from './names.ts';
import { PROPERTY_TYPE_VALUES } from './property-types.ts';

/**
 * The body that creates (`PUT /iot/v2/things/{id}/properties`) or replaces (`POST …/properties/{pid}`) a
 * property: the server validates requests with it and the web's variable dialog builds it.
 */

export const PROPERTY_PERMISSIONS = ['READ_ONLY', 'READ_WRITE'] as const;
export type PropertyPermission = (typeof PROPERTY_PERMISSIONS)[number];
/** ON_CHANGE sends when the value moves by more than `update_parameter`; TIMED every `update_parameter` s. */
export const UPDATE_STRATEGIES = ['ON_CHANGE', 'TIMED'] as const;
export type UpdateStrategy = (typeof UPDATE_STRATEGIES)[number];

export const propertyRequestSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^\p{Cc}]+$/u, 'no control characters'),
  permission: z.enum(PROPERTY_PERMISSIONS),
  type: z.enum(PROPERTY_TYPE_VALUES as [string, ...string[]]),
  update_strategy: z.enum(UPDATE_STRATEGIES),
  variable_name: z
    .string()
    .max(VARIABLE_NAME_MAX_LENGTH)
    .regex(VARIABLE_NAME_PATTERN, VARIABLE_NAME_MESSAGE)
    .optional(),
  update_parameter: z.number().finite().min(0).optional(),
  persist: z.boolean().optional(),
  tag: z.number().int().min(0).max(2_147_483_647).optional(),
  min_value: z.number().finite().optional(),
  max_value: z.number().finite().optional(),
});
export type PropertyRequest = z.infer<typeof propertyRequestSchema>;

/**
 * The settings of a stored property that the variable dialog edits, read from the API's answer (which the
 * web parses loosely): absent or mistyped fields are left out.
 */
export const propertySettingsSchema = z.object({
  update_parameter: z.number().optional().catch(undefined),
  persist: z.boolean().optional().catch(undefined),
  min_value: z.number().optional().catch(undefined),
  max_value: z.number().optional().catch(undefined),
});
export type PropertySettings = z.infer<typeof propertySettingsSchema>;
