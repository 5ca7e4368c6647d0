import { z } from 'zod';
import { propertyReadSchema, propertySchema } from './properties.ts';

/** A thing as the IoT API answers it (ArduinoThing, `application/vnd.arduino.thing+json`). */
export const thingSchema = z.object({
  id: z.string(),
  href: z.string(),
  name: z.string(),
  timezone: z.string(),
  user_id: z.string(),
  device_id: z.string().optional(),
  device_name: z.string().optional(),
  device_type: z.string().optional(),
  device_fqbn: z.string().optional(),
  properties: z.array(propertySchema).optional(),
  properties_count: z.number().int().optional(),
  sketch_id: z.string().optional(),
  source_template: z.string().optional(),
  webhook_uri: z.string().optional(),
  webhook_active: z.boolean().optional(),
  assistant: z.string().optional(),
  organization_id: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  deleted_at: z.string().optional(),
});
export type ThingView = z.infer<typeof thingSchema>;

/** How a client reads a thing: id and name required, its variables (`show_properties=true`) read as such. */
export const thingReadSchema = thingSchema
  .partial()
  .required({ id: true, name: true })
  .extend({ properties: z.array(propertyReadSchema).optional() })
  .loose();
export type ThingRead = z.infer<typeof thingReadSchema>;

/** A thing named inside another answer (a device's `thing`): only its id is certain. */
export const thingRefReadSchema = thingReadSchema.partial().required({ id: true }).loose();
export type ThingRefRead = z.infer<typeof thingRefReadSchema>;
