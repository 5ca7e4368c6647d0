import { LIVE_STREAM_PATH, type SnapshotData } from '@tinkercloud/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../auth/auth.plugin.ts';
import { AppError } from '../../errors.ts';
import { spaceRoute } from '../../http/route-access.ts';
import { errors, security } from '../../http/route-schemas.ts';
import { type SpaceRequest, type SpaceResolver, spaceRequestOf } from '../iot/common/space.ts';
import { type EventBus, personalSpaceKey, type SpaceKey, spaceKeyOf, spaceKeyString } from './live-event.ts';
import type { LiveHub, NumberedEvent } from './live-hub.ts';
import { openSse, type SseOptions } from './sse.ts';
import { STREAM_OPEN_RATE_LIMIT, type StreamRegistry } from './stream-registry.ts';

interface LiveRoutesDeps {
  hub: LiveHub;
  /** For what belongs to the caller rather than the space (their notifications). */
  bus: EventBus;
  registry: StreamRegistry;
  resolve: SpaceResolver;
  readSnapshot: (space: SpaceKey) => Promise<SnapshotData>;
  heartbeatMs: number;
}

const headers = z.object({
  'x-organization': z.string().max(64).optional().describe('The space; absent or `my-cloud` for My Cloud'),
  'last-event-id': z
    .string()
    .max(64)
    .optional()
    .describe('The last id received: the stream resumes after it when this server still holds it'),
});

/** What every event stream of a space needs: token expiry ends it, losing access to the space ends it. */
export function streamOptions(
  request: FastifyRequest,
  ref: SpaceRequest,
  resolve: SpaceResolver,
  base: Pick<SseOptions, 'registry' | 'heartbeatMs'>,
): SseOptions {
  const actor = actorOf(request);
  const exp = actor.claims.exp;
  return {
    ...base,
    userId: actor.userId,
    endAt: typeof exp === 'number' ? exp * 1000 : undefined,
    // My Cloud cannot be lost; a member removed from a space (or whose role changed) stops receiving.
    // A fresh request each time (without the request's one membership read): the membership is read anew.
    stillAllowed: ref.header
      ? () =>
          resolve({ actorId: ref.actorId, header: ref.header, keySpace: ref.keySpace }, 'iot.read').then(
            () => true,
            (err: unknown) => !(err instanceof AppError),
          )
      : undefined,
  };
}

/** `GET /live/v1/events`: the space's snapshot, then its live events (interface 4 of ARCHITECTURE.md). */
export const liveRoutes: FastifyPluginAsync<LiveRoutesDeps> = async (app, deps) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  typed.get(
    LIVE_STREAM_PATH,
    {
      config: { ...spaceRoute('iot.read'), rateLimit: STREAM_OPEN_RATE_LIMIT },
      schema: {
        tags: ['live'],
        security,
        summary: 'Live events of the space (server-sent events)',
        description:
          'text/event-stream. First `snapshot` {devices: [{id, status}], properties: [{thing_id, id, name, ' +
          'value, value_updated_at}]} (skipped when `Last-Event-ID` is still held: the missed events follow ' +
          'instead), then `properties.value` {thing_id, property_id, name, value, updated_at}, ' +
          '`devices.status` {device_id, status, at}, `things.updated` {thing_id}, `devices.updated` ' +
          '{device_id}, `dashboards.created` / `dashboards.updated` / `dashboards.deleted` {dashboard_id}, ' +
          '`sketches.updated` {sketch_id}, ' +
          "`notifications.created` {notification_id, user_id} (the caller's own notifications, in every space). " +
          'A comment line every 15 s. Needs `iot.read` in the space. The stream ends when the ' +
          'token expires; reconnect with a fresh token and `Last-Event-ID`.',
        headers,
        produces: ['text/event-stream'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const ref = spaceRequestOf(request);
      const space = spaceKeyOf(await deps.resolve(ref, 'iot.read'));
      const stream = openSse(
        request,
        reply,
        streamOptions(request, ref, deps.resolve, { registry: deps.registry, heartbeatMs: deps.heartbeatMs }),
      );
      const send = (e: NumberedEvent) => stream.send({ id: e.id, event: e.event.type, data: e.event.data });
      // Events that arrive while the snapshot is read wait, so they follow it.
      let waiting: NumberedEvent[] | null = [];
      const attachment = deps.hub.attach(space, request.headers['last-event-id'], (e) => {
        if (waiting) waiting.push(e);
        else send(e);
      });
      stream.onClose(() => attachment.detach());
      // Not held back behind the snapshot: it only tells the bell to read its list again.
      const leaveOwn = followOwnNotifications(deps.bus, space, actorOf(request).userId, (data) =>
        stream.send({ event: 'notifications.created', data }),
      );
      stream.onClose(leaveOwn);
      if (attachment.replay) {
        for (const e of attachment.replay) send(e);
      } else {
        try {
          const data = await deps.readSnapshot(space);
          stream.send({ id: attachment.snapshotId ?? undefined, event: 'snapshot', data });
        } catch (err) {
          request.log.warn({ err }, 'live snapshot failed; closing the stream');
          stream.close();
          return reply;
        }
      }
      const queued = waiting;
      waiting = null;
      for (const e of queued) send(e);
      return reply;
    },
  );
};

/**
 * The caller's notifications are announced in their own space key (`iotEvents.notificationCreated`). A stream
 * of their My Cloud gets them through the hub like every event of that space; a stream of another space
 * listens there too, for those events only. They carry no id, so they neither move `Last-Event-ID` nor are
 * replayed: a client that reconnects reads its notifications again.
 */
function followOwnNotifications(
  bus: EventBus,
  space: SpaceKey,
  userId: string,
  send: (data: { notification_id: string; user_id: string }) => void,
): () => void {
  const own = personalSpaceKey(userId);
  if (spaceKeyString(own) === spaceKeyString(space)) return () => undefined;
  return bus.subscribe(own, (event) => {
    if (event.type === 'notifications.created' && event.data.user_id === userId) send(event.data);
  });
}
