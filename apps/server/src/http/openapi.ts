import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@tinkercloud/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { declareScope, publicRoute } from './route-access.ts';

/** `/openapi.json` is generated from the same zod schemas that validate each route; `/api-docs` browses it. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.productName} API`, version: APP_VERSION },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Our app-wide CSP already covers this page; swagger-ui's own would add upgrade-insecure-requests, which
  // breaks it on plain-http hosts.
  await app.register(async (docs) => {
    // The API's description is public, as is the page that browses it.
    declareScope(docs, { kind: 'public' });
    await docs.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: false });
  });
  app.get('/openapi.json', { config: publicRoute(), schema: { hide: true } }, async () => app.swagger());
}
