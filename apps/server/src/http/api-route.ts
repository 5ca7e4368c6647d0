import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAccess } from './route-access.ts';
import { emptyBody, errors, security } from './route-schemas.ts';

type Typed = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What an API route's schema says besides the parts every route of a group shares (tags, bearer, errors), and
 * how its success leaves: `media`, the content type; `status`, when not 200; `empty`, no body at all once the
 * handler's work is done (as upstream answers deletes and publishes; documented as `emptyBody`). With them the
 * handler just returns the body, or does the work, and a route reads as what it answers rather than as reply
 * plumbing.
 */
type ApiSchema = Omit<FastifySchema, 'tags' | 'security'> & {
  summary: string;
  media?: string;
  status?: number;
  empty?: true;
  /** The most bytes the body may have, when the scope's default does not fit (uploads of sketch files). */
  bodyLimit?: number;
};

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/**
 * Declares one bearer-authenticated API route: method, path, what it needs (`spaceRoute('iot.read')` …), its
 * summary and schemas, and its handler, all at the call. It adds what every route of the group repeats: the
 * OpenAPI tags, the bearer scheme and the error answers (`4xx`). The OpenAPI document comes out as if each
 * route wrote them itself.
 */
export function apiRoutes(plugin: FastifyInstance, group: { tags: string[] }) {
  // Zod schemas type each handler's request and reply; every API route plugin wants that, so it is done here.
  const app: Typed = plugin.withTypeProvider<ZodTypeProvider>();
  const add =
    (method: HTTPMethods) =>
    <S extends ApiSchema>(url: string, access: { access: RouteAccess }, schema: S, handler: Handler<S>) => {
      const { media, status, empty, bodyLimit, ...routeSchema } = schema;
      const response = {
        ...(empty && { [status ?? 200]: emptyBody }),
        ...(routeSchema.response as Record<string, unknown> | undefined),
        ...errors,
      };
      // The handler was checked against `schema` above; the added parts only document errors.
      const checked = handler as unknown as Handler<FastifySchema>;
      app.route<RouteGenericInterface, ContextConfigDefault, FastifySchema>({
        method,
        url,
        config: access,
        ...(bodyLimit !== undefined && { bodyLimit }),
        schema: { tags: group.tags, security, ...routeSchema, response },
        handler:
          media === undefined && status === undefined && !empty
            ? checked
            : async function (request, reply) {
                if (status !== undefined) reply.status(status);
                if (media !== undefined) reply.type(media);
                const body = await checked.call(this, request, reply);
                return empty ? reply.send() : body;
              },
      });
    };
  return { get: add('GET'), put: add('PUT'), post: add('POST'), patch: add('PATCH'), delete: add('DELETE') };
}
