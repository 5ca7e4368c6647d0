import {
  type AdminPlan,
  type AdminSpace,
  type AdminUser,
  type AuditEntry,
  FREE_LIMITS,
  type InstanceHealth,
  type OperatorPlanLimits,
  PLAN_LIMITS,
  type PlanDefaults,
  type PlanLimits,
  type PlanRequest,
  planCatalogue,
  type Recap,
  toErrorBody,
} from '@tinkercloud/shared';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { recap as baseRecap } from '@/test/app-harness.tsx';

/**
 * The admin API of `packages/shared/src/admin/contracts.ts` in memory, with the user's side of plan requests
 * and the plan catalogue: what the console and the Plans page read and write, answered as the server does
 * (a non-operator gets 404 everywhere under /admin/v1). `calls` records every call; `failNext` makes the
 * next call matching a method and path fail with the given detail.
 */
export interface FakeAdminOptions {
  /** The signed-in user (the harness's `ada` is u1). */
  me?: string;
  operator?: boolean;
  users?: AdminUser[];
  spaces?: AdminSpace[];
  requests?: PlanRequest[];
  audit?: AuditEntry[];
  health?: InstanceHealth;
}

export const MB = 1024 * 1024;
const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const iso = (offsetMinutes: number) => new Date(T0 + offsetMinutes * 60_000).toISOString();

export function adminUser(partial: Partial<AdminUser> & Pick<AdminUser, 'id' | 'username'>): AdminUser {
  return {
    email: `${partial.username}@example.com`,
    name: '',
    is_minor: false,
    email_verified: true,
    is_operator: false,
    disabled_at: null,
    created_at: iso(0),
    last_sign_in_at: null,
    is_demo: false,
    plans: [],
    spaces: [],
    ...partial,
  };
}

/** Ada (u1, the harness's user) and Grace, then `extra` numbered accounts for paging. */
export function sampleUsers(extra = 0): AdminUser[] {
  const users = [
    adminUser({
      id: 'u1',
      username: 'ada',
      name: 'Ada Lovelace',
      is_operator: true,
      created_at: iso(-100),
      last_sign_in_at: iso(500),
    }),
    adminUser({
      id: 'u2',
      username: 'grace',
      name: 'Grace Hopper',
      email_verified: false,
      created_at: iso(10),
      spaces: [{ id: 'sp1', name: 'Hopper High', space: 'edu', role: 'role:edu-admin' }],
    }),
    adminUser({ id: 'u3', username: 'kid', name: 'Kid', is_minor: true, created_at: iso(20) }),
  ];
  for (let i = 1; i <= extra; i += 1) {
    users.push(
      adminUser({ id: `n${i}`, username: `user${String(i).padStart(3, '0')}`, created_at: iso(100 + i) }),
    );
  }
  return users;
}

export function sampleSpaces(): AdminSpace[] {
  return [
    {
      id: 'sp1',
      name: 'Hopper High',
      space: 'edu',
      created_at: iso(30),
      plan: null,
      seats: null,
      members: 2,
      owner: { id: 'u2', username: 'grace' },
      usage: { things: 3, devices: 2, dashboards: 1 },
    },
    {
      id: 'sp2',
      name: 'Acme Team',
      space: 'pro',
      created_at: iso(40),
      plan: { id: 'cloud-enterprise', name: 'Team', ends_at: '2027-03-01T23:59:59.000Z' },
      seats: 50,
      members: 4,
      owner: null,
      usage: { things: 10, devices: 7, dashboards: 4 },
    },
  ];
}

export function sampleHealth(partial: Partial<InstanceHealth> = {}): InstanceHealth {
  return {
    version: '2.6.13',
    started_at: iso(0),
    uptime_s: 3 * 86_400 + 4 * 3600 + 120,
    database: { kind: 'pglite', size_bytes: 42 * MB },
    telemetry: { points: 123_456, retention_days: { free: 1, entry: 15, maker: 90, 'maker-plus': 365 } },
    broker: { kind: 'embedded', connections: 7, messages_per_second: 2.5 },
    mail: { configured: false, transport: 'dev outbox' },
    tls: { enabled: true, certificate_expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString() },
    queues: { webhook_deliveries: 1, exports: 0, compile_jobs: 2 },
    last_errors: [{ at: iso(60), message: 'Database timeout', route: 'GET /iot/v2/things' }],
    ...partial,
  };
}

export function sampleAudit(count: number): AuditEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const id = count - i;
    return {
      id,
      at: iso(id),
      actor_id: 'u1',
      actor_label: id % 2 === 0 ? 'ada' : 'grace',
      action: id % 3 === 0 ? 'plan.granted' : 'user.signed_in',
      target_type: 'user',
      target_id: 'u2',
      target_label: 'grace',
      ip: '127.0.0.1',
      details: id % 3 === 0 ? { plan: 'create-maker' } : {},
    } satisfies AuditEntry;
  });
}

const retention: Record<string, number> = {
  'create-entry': 15,
  'create-maker': 90,
  'create-maker-plus': 365,
};

function operatorLimits(limits: PlanLimits, id: string): OperatorPlanLimits {
  return {
    cloud_things: limits.cloud_things,
    devices: limits.cloud_things === null ? null : limits.cloud_things * 2,
    cloud_api: limits.cloud_api,
    cloud_triggers: limits.cloud_triggers,
    ota: limits.ota,
    retention_days: retention[id] ?? 365,
    create_sketches_disk: limits.create_sketches_disk,
    create_compilation_day: limits.create_compilation_day,
  };
}

export function samplePlans(): AdminPlan[] {
  return planCatalogue('tinkercloud', 'Tinkercloud').map((plan) => {
    const limits = operatorLimits(
      PLAN_LIMITS[plan.id] ?? (PLAN_LIMITS['create-maker-plus'] as PlanLimits),
      plan.id,
    );
    return { ...plan, limits, builtin: limits, customized: false };
  });
}

const notFound = () => new ApiError(toErrorBody({ code: 'not_found', detail: 'Not found', status: 404 }));

export function fakeAdmin(options: FakeAdminOptions = {}) {
  const me = options.me ?? 'u1';
  const state = {
    operator: options.operator ?? true,
    users: options.users ?? sampleUsers(),
    spaces: options.spaces ?? sampleSpaces(),
    plans: samplePlans(),
    defaults: { user: null, edu: null, pro: 'cloud-enterprise' } as PlanDefaults,
    requests: options.requests ?? ([] as PlanRequest[]),
    audit: options.audit ?? sampleAudit(7),
    health: options.health ?? sampleHealth(),
    healthReads: 0,
  };
  const calls: { method: string; path: string; query: URLSearchParams; body?: unknown }[] = [];
  const failures: { method: string; path: RegExp; detail: string; status: number }[] = [];
  let seq = 100;

  const userOf = (id: string) => {
    const user = state.users.find((u) => u.id === id);
    if (!user) throw notFound();
    return user;
  };
  const replaceUser = (user: AdminUser) => {
    state.users = state.users.map((u) => (u.id === user.id ? user : u));
    return user;
  };
  const planName = (id: string) => state.plans.find((p) => p.id === id)?.name ?? id;
  const recapLimits = (limits: OperatorPlanLimits): Recap['limits'] => ({
    cloud_things: limits.cloud_things,
    create_sketches_disk: limits.create_sketches_disk,
    create_compilation_day: limits.create_compilation_day,
    cloud_api: limits.cloud_api,
    cloud_triggers: limits.cloud_triggers,
    ota: limits.ota,
    foundries: false,
    edge_impulse: false,
  });

  function admin(method: string, path: string, query: URLSearchParams, body: unknown): unknown {
    if (!state.operator) throw notFound();
    if (method === 'GET' && path === '/me') return { operator: true };
    if (method === 'GET' && path === '/users') {
      const q = (query.get('q') ?? '').toLowerCase();
      const sort = query.get('sort') ?? 'created';
      const order = query.get('order') ?? 'desc';
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('per_page') ?? 25);
      const key = (u: AdminUser) =>
        sort === 'username'
          ? u.username
          : sort === 'email'
            ? u.email
            : sort === 'last_sign_in'
              ? (u.last_sign_in_at ?? '')
              : u.created_at;
      const found = state.users
        .filter((u) => !q || [u.username, u.email, u.name].some((t) => t.toLowerCase().includes(q)))
        .sort((a, b) => key(a).localeCompare(key(b)) * (order === 'asc' ? 1 : -1));
      return {
        users: found.slice((page - 1) * perPage, page * perPage),
        total: found.length,
        page,
        per_page: perPage,
      };
    }
    let m = path.match(/^\/users\/([^/]+)(\/.*)?$/);
    if (m) {
      const id = decodeURIComponent(m[1] as string);
      const rest = m[2] ?? '';
      const user = userOf(id);
      if (method === 'GET' && rest === '') return user;
      if (method === 'POST' && rest === '/plans') {
        const { plan_id, ends_at } = body as { plan_id: string; ends_at?: string };
        return replaceUser({
          ...user,
          plans: [
            ...user.plans.filter((p) => p.id !== plan_id),
            { id: plan_id, name: planName(plan_id), ends_at: ends_at ?? null },
          ],
        });
      }
      const planMatch = rest.match(/^\/plans\/(.+)$/);
      if (method === 'DELETE' && planMatch) {
        const planId = decodeURIComponent(planMatch[1] as string);
        return replaceUser({ ...user, plans: user.plans.filter((p) => p.id !== planId) });
      }
      if (method === 'POST' && rest === '/disable') return replaceUser({ ...user, disabled_at: iso(900) });
      if (method === 'POST' && rest === '/enable') return replaceUser({ ...user, disabled_at: null });
      if (method === 'POST' && rest === '/verify-email')
        return replaceUser({ ...user, email_verified: true });
      if (method === 'POST' && rest === '/password-reset') return null; // 204: null, since the harness takes undefined as "not mine"
      if (method === 'PUT' && rest === '/operator') {
        const { operator } = body as { operator: boolean };
        if (user.id === me) state.operator = operator;
        return replaceUser({ ...user, is_operator: operator });
      }
      if (method === 'DELETE' && rest === '') {
        state.users = state.users.filter((u) => u.id !== id);
        return null; // 204: null, since the harness takes undefined as "not mine"
      }
    }
    if (method === 'GET' && path === '/plans') {
      return { free: operatorLimits(FREE_LIMITS, 'free'), plans: state.plans, defaults: state.defaults };
    }
    m = path.match(/^\/plans\/([^/]+)$/);
    if (m) {
      const plan = state.plans.find((p) => p.id === decodeURIComponent(m?.[1] as string));
      if (!plan) throw notFound();
      const limits = method === 'PUT' ? (body as { limits: OperatorPlanLimits }).limits : plan.builtin;
      const saved = { ...plan, limits, customized: method === 'PUT' };
      state.plans = state.plans.map((p) => (p.id === plan.id ? saved : p));
      return saved;
    }
    if (method === 'PUT' && path === '/plan-defaults') {
      state.defaults = body as PlanDefaults;
      return state.defaults;
    }
    if (method === 'GET' && path === '/plan-requests') {
      const status = query.get('status');
      return { requests: state.requests.filter((r) => !status || r.status === status) };
    }
    m = path.match(/^\/plan-requests\/([^/]+)\/(grant|decline)$/);
    if (m && method === 'POST') {
      const request = state.requests.find((r) => r.id === m?.[1]);
      if (!request) throw notFound();
      const { note, ends_at } = body as { note: string; ends_at?: string };
      const decided: PlanRequest = {
        ...request,
        status: m[2] === 'grant' ? 'granted' : 'declined',
        decided_at: iso(1000),
        decision_note: note,
      };
      state.requests = state.requests.map((r) => (r.id === request.id ? decided : r));
      if (m[2] === 'grant' && !request.space) {
        const user = userOf(request.user.id);
        replaceUser({
          ...user,
          plans: [...user.plans, { id: request.plan_id, name: request.plan_name, ends_at: ends_at ?? null }],
        });
      }
      return decided;
    }
    if (method === 'GET' && path === '/spaces') {
      const q = (query.get('q') ?? '').toLowerCase();
      const type = query.get('type');
      const found = state.spaces.filter(
        (s) => (!q || s.name.toLowerCase().includes(q)) && (!type || s.space === type),
      );
      return { spaces: found, total: found.length, page: Number(query.get('page') ?? 1), per_page: 25 };
    }
    m = path.match(/^\/spaces\/([^/]+)(\/.*)?$/);
    if (m) {
      const space = state.spaces.find((s) => s.id === m?.[1]);
      if (!space) throw notFound();
      const rest = m[2] ?? '';
      const save = (next: AdminSpace) => {
        state.spaces = state.spaces.map((s) => (s.id === next.id ? next : s));
        return next;
      };
      if (method === 'POST' && rest === '/plan') {
        const { plan_id, ends_at, seats } = body as { plan_id: string; ends_at?: string; seats?: number };
        return save({
          ...space,
          plan: { id: plan_id, name: planName(plan_id), ends_at: ends_at ?? null },
          seats: seats ?? space.seats,
        });
      }
      if (method === 'PUT' && rest === '/owner') {
        const { user_id } = body as { user_id: string };
        return save({ ...space, owner: { id: user_id, username: userOf(user_id).username } });
      }
      if (method === 'GET' && rest === '/deletion') {
        return {
          name: space.name,
          members: space.members,
          devices: space.usage.devices,
          things: space.usage.things,
          dashboards: space.usage.dashboards,
          triggers: 1,
          sketches: 5,
        };
      }
      if (method === 'DELETE' && rest === '') {
        state.spaces = state.spaces.filter((s) => s.id !== space.id);
        return null; // 204: null, since the harness takes undefined as "not mine"
      }
    }
    if (method === 'GET' && path === '/health') {
      state.healthReads += 1;
      return state.health;
    }
    if (method === 'GET' && path === '/audit') {
      const action = query.get('action');
      const who = query.get('who');
      const before = query.get('before');
      const limit = Number(query.get('limit') ?? 50);
      const matching = state.audit.filter(
        (e) =>
          (!action || e.action === action) &&
          (!who || e.actor_label === who || e.target_label === who) &&
          (!before || e.id < Number(before)),
      );
      const entries = matching.slice(0, limit);
      const last = entries[entries.length - 1];
      return {
        entries,
        ...(matching.length > limit && last ? { next_before: last.id } : {}),
      };
    }
    throw notFound();
  }

  function userSide(method: string, path: string, body: unknown, organization: string | undefined): unknown {
    if (method === 'GET' && path === '/restrictions/v1/plans') {
      return {
        plans: state.plans.map((p) => ({
          id: p.id,
          name: p.name,
          scope: p.scope,
          limits: {
            ...recapLimits(p.limits),
            devices: p.limits.devices,
            retention_days: p.limits.retention_days,
          },
        })),
      };
    }
    if (method === 'GET' && path === '/restrictions/v1/recap/me') {
      const plans =
        organization && organization !== 'my-cloud'
          ? state.spaces.find((s) => s.id === organization)?.plan
            ? [state.spaces.find((s) => s.id === organization)?.plan?.id as string]
            : []
          : (state.users.find((u) => u.id === me)?.plans.map((p) => p.id) ?? []);
      return baseRecap(plans);
    }
    if (path === '/plans/v1/requests' && method === 'GET') {
      return { requests: state.requests.filter((r) => r.user.id === me) };
    }
    if (path === '/plans/v1/requests' && method === 'POST') {
      const { plan_id, space_id, seats, message } = body as {
        plan_id: string;
        space_id?: string;
        seats?: number;
        message: string;
      };
      const user = userOf(me);
      seq += 1;
      const space = space_id ? state.spaces.find((s) => s.id === space_id) : undefined;
      const request: PlanRequest = {
        id: `r${seq}`,
        user: { id: user.id, username: user.username, email: user.email },
        ...(space ? { space: { id: space.id, name: space.name } } : {}),
        plan_id,
        plan_name: planName(plan_id),
        ...(seats ? { seats } : {}),
        message,
        status: 'pending',
        created_at: iso(seq),
        decision_note: '',
      };
      state.requests = [...state.requests, request];
      return request;
    }
    const m = path.match(/^\/plans\/v1\/requests\/([^/]+)$/);
    if (m && method === 'DELETE') {
      const request = state.requests.find((r) => r.id === m[1] && r.user.id === me);
      if (!request) throw notFound();
      const withdrawn: PlanRequest = { ...request, status: 'withdrawn', decided_at: iso(2000) };
      state.requests = state.requests.map((r) => (r.id === request.id ? withdrawn : r));
      return withdrawn;
    }
    return undefined;
  }

  const handle = (url: string, req: RequestOptions) => {
    const parsed = new URL(url, 'http://localhost');
    const method = req.method ?? 'GET';
    const path = parsed.pathname;
    const isAdmin = path.startsWith('/admin/v1/');
    const isOperatorQuestion = path === '/users/v1/me/operator';
    const isUserSide =
      path.startsWith('/plans/v1/') ||
      path === '/restrictions/v1/plans' ||
      path === '/restrictions/v1/recap/me';
    if (!isAdmin && !isUserSide && !isOperatorQuestion) return undefined;
    calls.push({ method, path, query: parsed.searchParams, body: req.body });
    const failure = failures.findIndex((f) => f.method === method && f.path.test(path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      throw new ApiError(
        toErrorBody({ code: 'refused', detail: f?.detail ?? 'Refused', status: f?.status ?? 409 }),
      );
    }
    if (isOperatorQuestion) return { operator: state.operator };
    if (isAdmin) return admin(method, path.slice('/admin/v1'.length), parsed.searchParams, req.body);
    return userSide(method, path, req.body, req.organization);
  };

  return {
    handle,
    state,
    calls,
    /** The calls of one method whose path matches. */
    called: (method: string, path: RegExp) => calls.filter((c) => c.method === method && path.test(c.path)),
    failNext: (method: string, path: RegExp, detail: string, status = 409) =>
      failures.push({ method, path, detail, status }),
  };
}
