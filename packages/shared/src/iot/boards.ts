import { z } from 'zod';

/** A board of the server's catalogue (`GET {boards}/v1/boards`), for the web app's onboarding (spec 7.4). */
export const boardSchema = z.object({
  fqbn: z.string().optional().describe('Fully qualified board name, when the board has one'),
  label: z.string().describe('The name shown'),
  type: z.string().describe('The device type to create (`PUT /iot/v2/devices` type)'),
  vendor: z.string(),
  tags: z
    .array(z.string())
    .describe('Connectivity and credentials: wifi, eth, gsm, nb, cellular, secret key'),
  provisioning: z.string().optional().describe('Provisioning protocol version (v1, v2) when it has one'),
  min_provisioning_sketch_version: z.string().optional(),
  min_provisioning_wifi_version: z.string().optional(),
  ota_available: z.boolean().optional(),
});
export const boardListSchema = z.object({ boards: z.array(boardSchema) });

/** How a client reads a board: what it shows and the type it creates. */
export const boardReadSchema = boardSchema
  .partial()
  .required({ label: true, type: true, vendor: true, tags: true })
  .loose();
export type BoardRead = z.infer<typeof boardReadSchema>;
export const boardListReadSchema = z.looseObject({ boards: z.array(boardReadSchema) });
