import type { SpaceAction } from '@tinkercloud/shared';
import type { SpaceResolver } from '../iot/common/space.ts';
import type { ClientIdentity } from './client-auth.ts';
import type { ConnectivityRepository } from './connectivity.repository.ts';
import type { Sessions } from './sessions.ts';
import { type ParsedTopic, parseTopic } from './topics.ts';

/** An application's right to a thing is trusted this long before the space rules are asked again. */
const APP_DECISION_TTL_MS = 10_000;
const MAX_DECISIONS = 50_000;

type AppIdentity = Extract<ClientIdentity, { kind: 'app' }>;

/**
 * Per-topic rules (issue 5). A device publishes only its own `c/up` and `e/o` and its bound thing's `e/o`
 * (and legacy `shadow/o`), and subscribes only its own `c/dw`, `e/i` and its thing's `e/i` (and `shadow/i`).
 * An application subscribes `e/o` of things in spaces where it may read IoT resources and publishes `e/i` of
 * things where it may write them. Everything else, wildcards and `$` topics included, is refused.
 */
export function createAccess(deps: {
  repo: ConnectivityRepository;
  sessions: Sessions;
  resolve: SpaceResolver;
}) {
  const decisions = new Map<string, { allowed: boolean; until: number }>();

  async function appMay(app: AppIdentity, thingId: string, action: SpaceAction): Promise<boolean> {
    const key = `${app.userId}|${app.keySpace ?? '-'}|${thingId}|${action}`;
    const hit = decisions.get(key);
    if (hit && hit.until > Date.now()) return hit.allowed;
    const allowed = await decideApp(app, thingId, action);
    if (decisions.size >= MAX_DECISIONS) decisions.clear();
    decisions.set(key, { allowed, until: Date.now() + APP_DECISION_TTL_MS });
    return allowed;
  }

  async function decideApp(app: AppIdentity, thingId: string, action: SpaceAction): Promise<boolean> {
    const thing = await deps.repo.thing(thingId);
    if (!thing) return false;
    try {
      // The same gate as the REST API: membership and role in the thing's space, or its My Cloud owner.
      const space = await deps.resolve(
        { actorId: app.userId, header: thing.space.organizationId ?? undefined, keySpace: app.keySpace },
        action,
      );
      return thing.space.organizationId
        ? space.organizationId === thing.space.organizationId
        : space.organizationId === null && thing.space.ownerUserId === app.userId;
    } catch {
      return false;
    }
  }

  /** A cached answer only (forwarding cannot wait); a stale one is refreshed in the background. */
  function appMayNow(app: AppIdentity, thingId: string, action: SpaceAction): boolean {
    const key = `${app.userId}|${app.keySpace ?? '-'}|${thingId}|${action}`;
    const hit = decisions.get(key);
    if (!hit) return false;
    if (hit.until <= Date.now()) void appMay(app, thingId, action).catch(() => undefined);
    return hit.allowed;
  }

  async function deviceThing(deviceId: string, wanted: string): Promise<boolean> {
    const thing = await deps.sessions.thingOf(deviceId);
    if (thing === wanted) return true;
    // Bound a moment ago, perhaps: read the binding once more before refusing.
    return (await deps.sessions.thingOf(deviceId, true)) === wanted;
  }

  function parse(topic: string): ParsedTopic | null {
    return parseTopic(topic);
  }

  return {
    async mayPublish(who: ClientIdentity, topic: string): Promise<boolean> {
      const t = parse(topic);
      if (!t) return false;
      if (who.kind === 'device') {
        if (t.scope === 'device')
          return t.id === who.deviceId && (t.channel === 'c/up' || t.channel === 'e/o');
        return (t.channel === 'e/o' || t.channel === 'shadow/o') && deviceThing(who.deviceId, t.id);
      }
      return t.scope === 'thing' && t.channel === 'e/i' && appMay(who, t.id, 'iot.write');
    },

    async maySubscribe(who: ClientIdentity, topic: string): Promise<boolean> {
      const t = parse(topic);
      if (!t) return false;
      if (who.kind === 'device') {
        if (t.scope === 'device')
          return t.id === who.deviceId && (t.channel === 'c/dw' || t.channel === 'e/i');
        return (t.channel === 'e/i' || t.channel === 'shadow/i') && deviceThing(who.deviceId, t.id);
      }
      return t.scope === 'thing' && t.channel === 'e/o' && appMay(who, t.id, 'iot.read');
    },

    /**
     * Whether a message may still go to a subscriber: a device rebound to another thing stops receiving the
     * old thing's writes at once, an application that lost access within APP_DECISION_TTL_MS.
     */
    mayReceive(who: ClientIdentity, topic: string): boolean {
      const t = parse(topic);
      if (!t) return false;
      if (who.kind === 'device') {
        if (t.scope === 'device')
          return t.id === who.deviceId && (t.channel === 'c/dw' || t.channel === 'e/i');
        const thing = deps.sessions.get(who.deviceId)?.thingId;
        return (t.channel === 'e/i' || t.channel === 'shadow/i') && thing === t.id;
      }
      return t.scope === 'thing' && t.channel === 'e/o' && appMayNow(who, t.id, 'iot.read');
    },

    forget() {
      decisions.clear();
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
