import { compileBoardsSchema, compileBodySchema, compileJobSchema } from '@tinkercloud/shared';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../../http/api-route.ts';
import { signedInRoute, spaceRoute } from '../../../http/route-access.ts';
import { idParam } from '../common/schemas.ts';
import { spaceRequestOf as ref } from '../common/space.ts';
import type { CompileService } from './compile.service.ts';

const tags = ['compile'];

/** Compiles of a sketch on the server (packages/shared/src/sketches/compile.ts). */
export const compileRoutes: FastifyPluginAsync<{ compile: CompileService }> = async (app, { compile }) => {
  const route = apiRoutes(app, { tags });

  route.get(
    '/create/v2/compile/boards',
    signedInRoute(),
    {
      summary:
        'The boards this server compiles for; `available: false` with a hint when no toolchain is installed',
      response: { 200: compileBoardsSchema },
    },
    async () => compile.boards(),
  );

  route.post(
    '/create/v2/sketches/byID/:id/compile',
    spaceRoute('iot.write'),
    {
      summary:
        'Queue a compile of the sketch for a board (one per user runs at a time); 503 without a toolchain',
      params: idParam,
      body: compileBodySchema,
      response: { 202: compileJobSchema },
    },
    async (request, reply) => {
      const job = await compile.compile(ref(request), request.params.id, request.body.fqbn);
      return reply.code(202).send(job);
    },
  );

  route.get(
    '/create/v2/compilations/:id',
    spaceRoute('iot.read'),
    {
      summary: 'A compile job: status, queue position, output, diagnostics and sizes (kept an hour)',
      params: idParam,
      response: { 200: compileJobSchema },
    },
    async (request) => compile.job(ref(request), request.params.id),
  );

  route.get(
    '/create/v2/compilations/:id/artefact',
    spaceRoute('iot.read'),
    {
      summary: 'The program a succeeded job built (`.hex` for AVR, `.bin` otherwise)',
      params: idParam,
    },
    async (request, reply) => {
      const a = await compile.artefact(ref(request), request.params.id);
      return reply
        .type(a.format === 'hex' ? 'text/plain; charset=utf-8' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${a.name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(a.data);
    },
  );
};
