import { z } from 'zod';

/**
 * A thing's variable as the IoT API answers it (ArduinoProperty, `application/vnd.arduino.property+json`):
 * the server's response schema, and what the web reads.
 */
export const propertySchema = z.object({
  id: z.string(),
  href: z.string(),
  name: z.string(),
  permission: z.string(),
  thing_id: z.string(),
  type: z.string(),
  update_strategy: z.string(),
  variable_name: z.string().optional(),
  tag: z.number().int().optional(),
  last_value: z.unknown().optional(),
  value_updated_at: z.string().optional(),
  persist: z.boolean().optional(),
  update_parameter: z.number().optional(),
  min_value: z.number().optional(),
  max_value: z.number().optional(),
  sync_id: z.string().optional(),
  linked_to_trigger: z.boolean().optional(),
  thing_name: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  deleted_at: z.string().optional(),
});
export type PropertyView = z.infer<typeof propertySchema>;

/**
 * How a client reads a property (readers: see this folder's README.md): the fields it cannot do without
 * are required, the contract's other fields optional, and fields the contract does not name pass through.
 */
export const propertyReadSchema = propertySchema
  .partial()
  .required({ id: true, name: true, type: true, permission: true, thing_id: true })
  .loose();
export type PropertyRead = z.infer<typeof propertyReadSchema>;
