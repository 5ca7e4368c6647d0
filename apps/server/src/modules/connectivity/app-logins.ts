import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, SpaceKey } from '../live/live-event.ts';
import { spaceKeyString } from '../live/live-event.ts';
import { membershipAllows } from '../spaces/space-access.ts';
import type { AppLoginsRepository, VisibleThing } from './app-logins.repository.ts';
import type { Dynsec } from './dynsec.ts';

/** Logins are re-read this often: memberships changed, tokens expired, API keys deleted. */
export const APP_LOGIN_SWEEP_MS = 30_000;
/** Every so many sweeps, the broker's application clients without a login here are deleted. */
const ORPHAN_CHECK_EVERY = 10;
/** Broker clients listed per dynamic-security answer. */
const LIST_PAGE = 500;
/** Marks the broker clients made here for applications (devices' clients have none). */
const APP_CLIENT_TEXT = 'tinkercloud application';
/** Changes announced on the live bus are applied after this pause, so a burst costs one refresh. */
const REFRESH_DEBOUNCE_MS = 200;

export const appReadRole = (thingId: string) => `tc-app-read-${thingId}`;
export const appWriteRole = (thingId: string) => `tc-app-write-${thingId}`;

/** An application reading a thing: subscribe to (and receive) its values, `/a/t/{thing}/e/o`. */
function readAcls(thingId: string) {
  const topic = `/a/t/${thingId}/e/o`;
  return [
    { acltype: 'subscribeLiteral', topic, allow: true },
    { acltype: 'publishClientReceive', topic, allow: true },
  ];
}

/** An application writing a thing: publish on `/a/t/{thing}/e/i`. */
function writeAcls(thingId: string) {
  return [{ acltype: 'publishClientSend', topic: `/a/t/${thingId}/e/i`, allow: true }];
}

export interface AppLoginRequest {
  userId: string;
  token: string;
  /** The MQTT client id the broker will accept; starts with the user id. */
  clientId: string;
  /** `*` (any space the user may act in), or the organisation id an API key was made for (it acts there only). */
  scope: string;
  apiClientId: string | null;
  expiresAt: Date;
}

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The broker roles for the things a login may read and write, sorted (their digest tells a change). */
export function grantsFor(things: VisibleThing[], scope: string): string[] {
  const roles: string[] = [];
  for (const t of things) {
    if (scope !== '*' && t.organizationId !== scope) continue;
    // The user's own My Cloud allows everything; a space what the user's roles there allow.
    const may = (action: 'iot.read' | 'iot.write') =>
      t.organizationId === null || membershipAllows(t.roles ?? [], action);
    if (may('iot.read')) roles.push(appReadRole(t.id));
    if (may('iot.write')) roles.push(appWriteRole(t.id));
  }
  return roles.sort();
}

const digestOf = (roles: string[]) => createHash('sha256').update(roles.join('\n')).digest('hex');

/**
 * Applications on an external broker (Mosquitto 2 has no JWT check): an application registers its access
 * token (`PUT /iot/v2/mqtt/login`), and its user becomes a dynamic-security client (user name = user id,
 * password = that token, client id fixed) whose roles grant exactly the things it may read (`e/o`) and
 * write (`e/i`), per thing roles shared by every user. One login per user: a newer token replaces the older
 * one. The roles follow things and memberships (live `things.updated` events of the user's spaces, and a
 * periodic re-read); the client is deleted when its token expires, its API key is deleted, or on logout.
 */
export function createAppLogins(deps: {
  repo: AppLoginsRepository;
  dynsec: Dynsec;
  logger: FastifyBaseLogger;
  events: EventBus;
}) {
  const { repo, dynsec, logger } = deps;
  /** Live bus subscriptions: one per space some login's user belongs to. */
  const watched = new Map<string, { stop: () => void; users: Set<string> }>();
  const dirty = new Set<string>();
  let sweeps = 0;
  let timer: NodeJS.Timeout | null = null;

  function check(responses: { command: string; error?: string }[], ...allowed: RegExp[]) {
    for (const r of responses) {
      if (r.error && !allowed.some((a) => a.test(r.error ?? ''))) {
        throw new Error(`dynamic security ${r.command}: ${r.error}`);
      }
    }
  }

  async function ensureRoles(roles: string[]) {
    if (roles.length === 0) return;
    const commands = roles.map((rolename) => {
      // Thing ids are UUIDs: the role name ends with one.
      const thingId = rolename.slice(-36);
      const acls = rolename.startsWith(appReadRole('')) ? readAcls(thingId) : writeAcls(thingId);
      return { command: 'createRole', rolename, acls };
    });
    check(await dynsec.run(commands), /already exists/i);
  }

  const rolesList = (roles: string[]) => roles.map((rolename) => ({ rolename }));

  async function watch(userId: string) {
    const spaces: SpaceKey[] = [
      { organizationId: null, ownerUserId: userId },
      ...(await repo.spacesOf(userId)).map((id) => ({ organizationId: id, ownerUserId: userId })),
    ];
    for (const space of spaces) {
      const key = spaceKeyString(space);
      let entry = watched.get(key);
      if (!entry) {
        const users = new Set<string>();
        const stop = deps.events.subscribe(space, (event) => {
          if (event.type === 'things.updated') for (const u of users) schedule(u);
        });
        entry = { stop, users };
        watched.set(key, entry);
      }
      entry.users.add(userId);
    }
  }

  function unwatch(userId: string) {
    for (const [key, entry] of watched) {
      entry.users.delete(userId);
      if (entry.users.size === 0) {
        entry.stop();
        watched.delete(key);
      }
    }
  }

  function schedule(userId: string) {
    dirty.add(userId);
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      const ids = [...dirty];
      dirty.clear();
      void (async () => {
        for (const id of ids) await refresh(id);
      })().catch((err: unknown) => logger.error({ err }, 'application logins not refreshed'));
    }, REFRESH_DEBOUNCE_MS);
    timer.unref();
  }

  /** Gives the user's client the roles its login allows now, if they changed (the broker then kicks it). */
  async function refresh(userId: string): Promise<void> {
    const login = await repo.find(userId);
    if (!login) return;
    const roles = grantsFor(await repo.visibleThings(userId), login.scope);
    const digest = digestOf(roles);
    if (digest === login.grantsDigest) return;
    // Every process hears the same events: the one that records the change applies it.
    if (!(await repo.claimGrants(userId, login.grantsDigest, digest))) return;
    try {
      await ensureRoles(roles);
      check(await dynsec.run([{ command: 'modifyClient', username: userId, roles: rolesList(roles) }]));
    } catch (err) {
      // Not applied: the next refresh (event or sweep) tries again.
      await repo.claimGrants(userId, digest, '').catch(() => undefined);
      throw err;
    }
  }

  async function deleteClient(userId: string) {
    check(await dynsec.run([{ command: 'deleteClient', username: userId }]), /not found/i);
  }

  return {
    async register(req: AppLoginRequest): Promise<void> {
      const digest = tokenDigest(req.token);
      const existing = await repo.find(req.userId);
      await watch(req.userId);
      // The same token again: nothing to change (a new password would make the broker drop the connection).
      if (existing && existing.tokenDigest === digest && existing.clientId === req.clientId) {
        await refresh(req.userId);
        return;
      }
      const roles = grantsFor(await repo.visibleThings(req.userId), req.scope);
      // The row first: whatever reaches the broker is then sure to be removed when the token expires.
      await repo.upsert({
        userId: req.userId,
        tokenDigest: digest,
        clientId: req.clientId,
        scope: req.scope,
        apiClientId: req.apiClientId,
        expiresAt: req.expiresAt,
        grantsDigest: digestOf(roles),
      });
      try {
        await ensureRoles(roles);
        const client = {
          username: req.userId,
          clientid: req.clientId,
          textname: APP_CLIENT_TEXT,
          password: req.token,
          roles: rolesList(roles),
        };
        const [created] = await dynsec.run([{ command: 'createClient', ...client }]);
        if (created?.error && /already exists/i.test(created.error)) {
          check(await dynsec.run([{ command: 'modifyClient', ...client }]));
        } else if (created) check([created]);
      } catch (err) {
        await repo.remove(req.userId, digest).catch(() => undefined);
        throw err;
      }
    },

    /** Logout: the login with this token (any, without one) ends; the broker drops its connection. */
    async remove(userId: string, token?: string): Promise<boolean> {
      const removed = await repo.remove(userId, token ? tokenDigest(token) : undefined);
      if (removed) {
        unwatch(userId);
        await deleteClient(userId);
      }
      return removed;
    },

    refresh,

    /**
     * Deletes application clients the broker holds without a login here: their user was deleted (the row
     * went with it), or the row was lost. A registration writes its row before its client, so none is cut.
     */
    async removeOrphans(): Promise<void> {
      // A page at a time: with every device a client, one verbose list of a large fleet would exceed the
      // broker's largest packet (10,000 devices make about 1.5 MB) and never arrive.
      const clients: { username: string; textname?: string }[] = [];
      for (let offset = 0; ; offset += LIST_PAGE) {
        const [listed] = await dynsec.run([
          { command: 'listClients', verbose: true, count: LIST_PAGE, offset },
        ]);
        if (listed) check([listed]);
        const page =
          (listed?.data as { clients?: { username: string; textname?: string }[] } | undefined)?.clients ??
          [];
        clients.push(...page.filter((c) => c.textname === APP_CLIENT_TEXT));
        if (page.length < LIST_PAGE) break;
      }
      const known = new Set((await repo.active()).map((l) => l.userId));
      for (const c of clients) {
        if (!known.has(c.username)) await deleteClient(c.username);
      }
    },

    /** Ends expired logins and those of deleted API keys; re-reads the others' rights and spaces. */
    async sweep(now = new Date()): Promise<void> {
      for (const userId of await repo.removeEnded(now)) {
        unwatch(userId);
        await deleteClient(userId);
        logger.info({ userId }, 'application MQTT login ended');
      }
      for (const login of await repo.active()) {
        await watch(login.userId);
        await refresh(login.userId);
      }
      if (sweeps % ORPHAN_CHECK_EVERY === 0) await this.removeOrphans();
      sweeps += 1;
    },

    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      for (const entry of watched.values()) entry.stop();
      watched.clear();
    },
  };
}
