import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { spaceRoute } from '../../../http/route-access.ts';
import { errors, security } from '../../../http/route-schemas.ts';
import { MEDIA } from './media-types.ts';
import { emptyBody, idParam, sendEmpty, type Tag, tagKey, tagSchema, tagsResponseSchema } from './schemas.ts';
import { spaceRequestOf as ref, type SpaceRequest } from './space.ts';

/** What a taggable resource's service offers (devices and things share the upstream tag API). */
interface TaggedService {
  tags(ref: SpaceRequest, id: string): Promise<z.infer<typeof tagsResponseSchema>>;
  putTag(ref: SpaceRequest, id: string, tag: Tag): Promise<void>;
  deleteTag(ref: SpaceRequest, id: string, key: string): Promise<void>;
}

/** GET/PUT `{base}/:id/tags` and DELETE `{base}/:id/tags/:key`, as upstream's DevicesV2Tags and ThingsV2Tags. */
export function registerTagRoutes(
  instance: FastifyInstance,
  opts: { base: string; noun: string; openApiTags: string[]; service: TaggedService },
) {
  const { base, noun, openApiTags: tags, service } = opts;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${base}/:id/tags`,
    {
      config: spaceRoute('iot.read'),
      schema: {
        tags,
        security,
        summary: `Tags of a ${noun}`,
        params: idParam,
        response: { 200: tagsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.type(MEDIA.tags).send(await service.tags(ref(request), request.params.id)),
  );
  app.put(
    `${base}/:id/tags`,
    {
      config: spaceRoute('iot.write'),
      schema: {
        tags,
        security,
        summary: 'Set a tag (a key set again takes the new value)',
        params: idParam,
        body: tagSchema,
        response: { 200: emptyBody, ...errors },
      },
    },
    async (request, reply) => {
      await service.putTag(ref(request), request.params.id, request.body);
      return sendEmpty(reply);
    },
  );
  app.delete(
    `${base}/:id/tags/:key`,
    {
      config: spaceRoute('iot.write'),
      schema: {
        tags,
        security,
        summary: 'Remove a tag',
        params: z.object({ id: z.uuid(), key: tagKey }),
        response: { 200: emptyBody, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteTag(ref(request), request.params.id, request.params.key);
      return sendEmpty(reply);
    },
  );
}
