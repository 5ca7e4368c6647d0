import { createTestAppWith, type TestApp, type TestAppOptions } from '../../../../test/app.ts';
import { createPlansRepository } from '../../plans/plans.repository.ts';
import { spaceFixtures } from '../../spaces/spaces.fixtures.ts';

/** The property body most tests create: read-write, sent on change (`extra` adds or overrides fields). */
export const readWriteProperty = (name: string, type = 'FLOAT', extra: Record<string, unknown> = {}) => ({
  name,
  type,
  permission: 'READ_WRITE',
  update_strategy: 'ON_CHANGE',
  ...extra,
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Helpers for the /iot API tests: calls as a user in a space, plans, and quick resources. */
export function iotFixtures(t: TestApp) {
  const spaces = spaceFixtures(t);
  async function call(
    userId: string | null,
    method: Method,
    url: string,
    payload?: unknown,
    opts: { space?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.space) headers['x-organization'] = opts.space;
    return t.app.inject({
      method,
      url,
      headers: await spaces.headersFor(userId, headers),
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  }

  return {
    ...spaces,
    call,
    /** Grants a My Cloud plan (things and API-key limits follow it). */
    async grantPlan(userId: string, planId = 'create-maker') {
      await createPlansRepository(t.db).upsertUserPlan(userId, planId, null);
    },
    async device(userId: string, body: Record<string, unknown> = {}, space?: string) {
      const res = await call(userId, 'PUT', '/iot/v2/devices', { type: 'mkrwifi1010', ...body }, { space });
      if (res.statusCode !== 201) throw new Error(`device create failed: ${res.statusCode} ${res.body}`);
      return res.json() as { id: string; name: string } & Record<string, unknown>;
    },
    async thing(userId: string, body: Record<string, unknown> = {}, space?: string) {
      const res = await call(userId, 'PUT', '/iot/v2/things', { name: 'Thing', ...body }, { space });
      if (res.statusCode !== 201) throw new Error(`thing create failed: ${res.statusCode} ${res.body}`);
      return res.json() as { id: string; name: string; properties?: { id: string; name: string }[] } & Record<
        string,
        unknown
      >;
    },
  };
}

export type IotFixtures = ReturnType<typeof iotFixtures>;

/** A test file's app (`env` and `options` as `createTestApp` takes them) with the iot fixtures over it. */
export const iotTestApp = (env?: Record<string, string>, options?: TestAppOptions) =>
  createTestAppWith(iotFixtures, env, options);
