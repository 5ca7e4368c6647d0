import { z } from 'zod';

/** An API key as `GET /iot/v1/clients` answers it: never its secret (the server keeps only a hash). */
export const apiClientSchema = z.object({
  id: z.string().describe('The client id'),
  client_id: z.string(),
  name: z.string(),
  organization_id: z.string().optional(),
  created_at: z.string(),
  last_used_at: z.string().optional(),
});
export type ApiClientView = z.infer<typeof apiClientSchema>;

/** The answer to `POST /iot/v1/clients`: the only time the secret is sent. */
export const apiClientCreatedSchema = apiClientSchema.extend({
  client_secret: z.string().describe('Shown once: only a hash is kept'),
});
export type ApiClientCreated = z.infer<typeof apiClientCreatedSchema>;

/** The key name rule (`POST /iot/v1/clients`), checked by the server and explained by the web. */
export const API_CLIENT_NAME_MAX_LENGTH = 64;
export const API_CLIENT_NAME_PATTERN = /^[a-zA-Z0-9_. -]+$/;

/** How a client reads a key: what the API keys page shows is required, anything else passes through. */
export const apiClientReadSchema = apiClientSchema
  .partial()
  .required({ client_id: true, name: true })
  .loose();
export type ApiClientRead = z.infer<typeof apiClientReadSchema>;
export const apiClientCreatedReadSchema = apiClientReadSchema.extend({ client_secret: z.string() });
export type ApiClientCreatedRead = z.infer<typeof apiClientCreatedReadSchema>;
