import { z } from 'zod';
import type { PropertyTypeInfo } from './property-types.ts';

/** One entry of `GET /iot/v1/property_types` (spec 7.4): what the server answers and the web reads. */
export const propertyTypeInfoSchema = z.object({
  type: z.string(),
  name: z.string(),
  declaration: z.string().describe('The C++ type of the ArduinoIoTCloud library'),
  deprecated: z.boolean(),
  rw: z.boolean().describe('Whether the type allows READ_WRITE'),
  assistants: z.array(z.string()),
  tags: z.array(z.string()),
  units: z.array(z.string()),
  example: z.string().optional(),
  supersededBy: z.string().optional(),
}) satisfies z.ZodType<PropertyTypeInfo>;

export const propertyTypeListSchema = z.array(propertyTypeInfoSchema);
