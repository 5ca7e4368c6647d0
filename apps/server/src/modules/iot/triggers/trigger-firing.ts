import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { EventBus } from '../../live/live-event.ts';
import { createNotifier } from '../notifications/notifier.ts';
import { createFiringRepository, type FiringClaim } from './firing.repository.ts';
import { runActions } from './trigger-actions.ts';
import { firesOnEveryValue, summarise } from './trigger-conditions.ts';
import type { FiringContext } from './trigger-templates.ts';
import { createTriggersRepository } from './triggers.repository.ts';
import type { Condition } from './triggers.schemas.ts';

interface Space {
  organizationId: string | null;
  /** The My Cloud owner (in an organisation, ignored). */
  ownerUserId: string;
}

/** A value just stored (by a device, the API or an application), as the trigger index looks it up. */
export interface StoredPropertyValue {
  space: Space;
  propertyId: string;
  value: unknown;
  at: Date;
}

/** A device that just went on or off line (as stored by the process holding its connection). */
export interface DeviceStatusChange {
  deviceId: string;
  space: Space;
  status: 'ONLINE' | 'OFFLINE';
  at: Date;
}

interface Indexed {
  id: string;
  organizationId: string | null;
  ownerUserId: string;
}
interface PropertyTrigger extends Indexed {
  propertyId: string;
  condition: Condition;
}
interface StatusTrigger extends Indexed {
  include: boolean;
  deviceIds: Set<string>;
  /** CONNECTED or DISCONNECTED; null: both. */
  only: 'CONNECTED' | 'DISCONNECTED' | null;
  graceOnlineMs: number;
  graceOfflineMs: number;
}
interface TriggerIndex {
  byProperty: Map<string, PropertyTrigger[]>;
  includeByDevice: Map<string, StatusTrigger[]>;
  /** EXCLUDE triggers by space: they watch every device of their space but the listed ones. */
  excludeBySpace: Map<string, StatusTrigger[]>;
}

type Work =
  | { kind: 'values'; values: StoredPropertyValue[] }
  | { kind: 'status'; change: DeviceStatusChange; afterGrace?: string };

const spaceString = (s: Space) => (s.organizationId ? `o:${s.organizationId}` : `u:${s.ownerUserId}`);
const sameSpace = (t: Indexed, s: Space) => spaceString(t) === spaceString(s);
/** Values waiting for evaluation beyond this are dropped (and logged): memory stays bounded. */
const MAX_QUEUED_VALUES = 100_000;

function buildIndex(rows: Awaited<ReturnType<ReturnType<typeof createFiringRepository>['activeTriggers']>>) {
  const index: TriggerIndex = {
    byProperty: new Map(),
    includeByDevice: new Map(),
    excludeBySpace: new Map(),
  };
  const add = <T>(map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const r of rows) {
    const base = { id: r.id, organizationId: r.organizationId, ownerUserId: r.ownerUserId };
    if (r.propertyId) {
      const condition = (r.condition ?? { operator: 'CHANGED' }) as Condition;
      add(index.byProperty, r.propertyId, { ...base, propertyId: r.propertyId, condition });
    } else if (r.deviceStatusSource) {
      const s = r.deviceStatusSource;
      const op = r.condition?.operator;
      const t: StatusTrigger = {
        ...base,
        include: s.criteria === 'INCLUDE',
        deviceIds: new Set(s.device_ids.map((d) => d.toLowerCase())),
        only: op === 'CONNECTED' || op === 'DISCONNECTED' ? op : null,
        graceOnlineMs: (s.grace_period_online ?? 0) * 1000,
        graceOfflineMs: (s.grace_period_offline ?? 0) * 1000,
      };
      if (t.include) for (const d of t.deviceIds) add(index.includeByDevice, d, t);
      else add(index.excludeBySpace, spaceString(t), t);
    }
  }
  return index;
}

/**
 * Fires triggers (issue 4): called by whoever stored a value or saw a device's status change — device ingest
 * and the IoT API's writes in the process that stored them — so each firing happens once, in one process,
 * never in every process the live bus reaches. Work is queued and evaluated one batch at a time against an
 * in-memory index of active triggers (reloaded when the database's trigger generation moves: at once after a
 * change made here, within `generationCheckMs` after one made elsewhere); a batch touching watched
 * properties costs one UPDATE that decides every firing, and nothing else is read per value. Actions run
 * after the decision, outside the queue.
 */
export function createTriggerFiring(deps: {
  db: Database;
  mailer?: Mailer;
  /** Where the notifications of push actions are announced (live streams); without it, nowhere. */
  events?: EventBus | undefined;
  logger: FastifyBaseLogger;
  /** A trigger fires at most once per this many milliseconds. */
  minIntervalMs: number;
  /** How often the trigger generation is re-read while work arrives (changes made by other processes). */
  generationCheckMs?: number;
}) {
  const repo = createFiringRepository(deps.db);
  const triggers = createTriggersRepository(deps.db);
  const notifier = createNotifier(deps);
  const checkMs = deps.generationCheckMs ?? 1_000;
  let index: TriggerIndex | null = null;
  let loadedGeneration = -1;
  let checkedAt = 0;
  let dirty = true;
  let queue: Work[] = [];
  let queuedValues = 0;
  let running: Promise<void> | null = null;
  let closed = false;
  const firing = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  /**
   * When triggers last fired here: a CHANGED trigger still inside its interval cannot fire and has no state to
   * keep, so a busy device's values for it cost no query at all.
   */
  const firedHere = new Map<string, number>();

  function resting(triggerId: string, now: number) {
    const last = firedHere.get(triggerId);
    if (last === undefined) return false;
    if (now - last < deps.minIntervalMs) return true;
    firedHere.delete(triggerId);
    return false;
  }

  async function currentIndex(): Promise<TriggerIndex> {
    const now = Date.now();
    if (index && !dirty && now - checkedAt < checkMs) return index;
    const wasDirty = dirty;
    dirty = false;
    const generation = await repo.generation();
    checkedAt = now;
    if (!index || wasDirty || generation !== loadedGeneration) {
      index = buildIndex(await repo.activeTriggers());
      loadedGeneration = generation;
    }
    return index;
  }

  function enqueue(work: Work) {
    if (closed) return;
    if (work.kind === 'values') {
      if (queuedValues + work.values.length > MAX_QUEUED_VALUES) {
        deps.logger.warn({ dropped: work.values.length }, 'trigger evaluation behind: values skipped');
        return;
      }
      queuedValues += work.values.length;
    }
    queue.push(work);
    if (!running) {
      running = pump().finally(() => {
        running = null;
      });
    }
  }

  async function pump() {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      queuedValues = 0;
      try {
        await evaluate(batch);
      } catch (err) {
        deps.logger.error({ err }, 'triggers not evaluated');
      }
    }
  }

  function statusTriggersOf(idx: TriggerIndex, change: DeviceStatusChange): StatusTrigger[] {
    const id = change.deviceId.toLowerCase();
    const included = (idx.includeByDevice.get(id) ?? []).filter((t) => sameSpace(t, change.space));
    const excluded = (idx.excludeBySpace.get(spaceString(change.space)) ?? []).filter(
      (t) => !t.deviceIds.has(id),
    );
    return [...included, ...excluded];
  }

  async function evaluate(batch: Work[]) {
    const idx = await currentIndex();
    const claims: FiringClaim[] = [];
    const contexts = new Map<string, () => Promise<void>>();

    const watched = new Map<string, { trigger: PropertyTrigger; values: StoredPropertyValue[] }>();
    for (const work of batch) {
      if (work.kind !== 'values') continue;
      for (const v of work.values) {
        for (const t of idx.byProperty.get(v.propertyId) ?? []) {
          if (!sameSpace(t, v.space)) continue;
          const entry = watched.get(t.id);
          if (entry) entry.values.push(v);
          else watched.set(t.id, { trigger: t, values: [v] });
        }
      }
    }
    const now = Date.now();
    for (const { trigger, values } of watched.values()) {
      if (firesOnEveryValue(trigger.condition) && resting(trigger.id, now)) continue;
      values.sort((a, b) => a.at.getTime() - b.at.getTime());
      const run = summarise(trigger.condition, values);
      claims.push({ id: trigger.id, first: run.first, rose: run.rose, last: run.last });
      const shown = run.firing;
      if (shown) contexts.set(trigger.id, () => fireForValue(trigger, shown));
    }

    for (const work of batch) {
      if (work.kind !== 'status') continue;
      const { change } = work;
      const edge = change.status === 'ONLINE' ? 'CONNECTED' : 'DISCONNECTED';
      for (const t of statusTriggersOf(idx, change)) {
        if (work.afterGrace && work.afterGrace !== t.id) continue;
        if (t.only && t.only !== edge) continue;
        const grace = change.status === 'ONLINE' ? t.graceOnlineMs : t.graceOfflineMs;
        if (grace > 0 && !work.afterGrace) {
          afterGrace(t.id, change, edge, grace);
          continue;
        }
        if (contexts.has(t.id)) continue;
        claims.push({ id: t.id, first: true, rose: true, last: true });
        contexts.set(t.id, () => fireForStatus(t, change));
      }
    }
    if (claims.length === 0) return;
    const fired = await repo.claim(claims, deps.minIntervalMs);
    if (firedHere.size > 10_000) firedHere.clear();
    for (const id of fired) {
      if (deps.minIntervalMs > 0) firedHere.set(id, now);
      const run = contexts.get(id);
      if (!run) continue;
      const p = run()
        .catch((err: unknown) => deps.logger.error({ err, triggerId: id }, 'trigger actions failed'))
        .finally(() => firing.delete(p));
      firing.add(p);
    }
  }

  /** The device must still be in the new state when the grace period ends (checked in the database). */
  function afterGrace(
    triggerId: string,
    change: DeviceStatusChange,
    edge: 'CONNECTED' | 'DISCONNECTED',
    ms: number,
  ) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void repo
        .statusStillIs(change.deviceId, edge, change.at)
        .then((still) => {
          if (still) enqueue({ kind: 'status', change, afterGrace: triggerId });
        })
        .catch((err: unknown) => deps.logger.error({ err, triggerId }, 'grace period check failed'));
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function run(triggerId: string, context: (name: string) => Promise<FiringContext>) {
    const trigger = await repo.liveTrigger(triggerId);
    if (!trigger) return;
    const fired = await context(trigger.name);
    deps.logger.info({ triggerId }, 'trigger fired');
    // What made it fire, for the trigger page's recent firings.
    const { trigger: _self, ...source } = fired;
    await repo.recordFiring(trigger.id, source);
    const actions = await triggers.actionsOf([trigger.id]);
    if (actions.length === 0) return;
    await runActions({
      notifier,
      repo,
      mailer: deps.mailer,
      logger: deps.logger,
      space: trigger,
      actions,
      context: { ...fired, user: await repo.person(trigger.ownerUserId) },
    });
  }

  function fireForValue(t: PropertyTrigger, v: StoredPropertyValue) {
    return run(t.id, async (name) => {
      const c = await repo.propertyContext(t.propertyId);
      return {
        trigger: { id: t.id, name },
        property: { id: t.propertyId, name: c?.propertyName ?? '', value: v.value, at: v.at },
        ...(c && { thing: { id: c.thingId, name: c.thingName } }),
        ...(c?.deviceId && {
          device: { id: c.deviceId, name: c.deviceName ?? '', status: c.deviceStatus ?? 'UNKNOWN', at: v.at },
        }),
      };
    });
  }

  function fireForStatus(t: StatusTrigger, change: DeviceStatusChange) {
    return run(t.id, async (name) => {
      const c = await repo.deviceContext(change.deviceId);
      return {
        trigger: { id: t.id, name },
        device: { id: change.deviceId, name: c?.deviceName ?? '', status: change.status, at: change.at },
        ...(c?.thingId && { thing: { id: c.thingId, name: c.thingName ?? '' } }),
      };
    });
  }

  return {
    /** Values just stored by this process (echoes of cloud writes excluded by the caller). */
    valuesStored(values: StoredPropertyValue[]) {
      if (values.length > 0) enqueue({ kind: 'values', values });
    },

    /** A device status this process just stored. */
    deviceStatusChanged(change: DeviceStatusChange) {
      enqueue({ kind: 'status', change });
    },

    /** Triggers changed in this process: the next evaluation reloads the index. */
    triggersChanged() {
      dirty = true;
    },

    /** Resolves when everything queued so far is evaluated and its actions have run. */
    async settled() {
      while (running || firing.size > 0) {
        await running;
        await Promise.all([...firing]);
      }
    },

    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await this.settled();
    },
  };
}
export type TriggerFiring = ReturnType<typeof createTriggerFiring>;
