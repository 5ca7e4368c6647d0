import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotFixtures } from '../src/modules/iot/testing/iot-fixtures.ts';
import { createTestApp, type TestApp } from './app.ts';
import {
  type FuzzRequest,
  fuzzerFor,
  isEventStream,
  type OpenApiDoc,
  type Operation,
  operationsOf,
} from './openapi-fuzz.ts';

/**
 * Bad input on every operation of /openapi.json: NUL and other control characters, unpaired surrogates,
 * huge strings, wrong types, deep or huge JSON, broken URL encodings, in each path and query parameter, body
 * field and the space header, sent as a signed-in user with real resources behind the ids. Whatever the
 * input, the answer is never a 5xx. Seeded so a run is reproducible: FUZZ_SEED=<n> repeats one, FUZZ_RUNS=<n>
 * runs more cases per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

let t: TestApp;
let doc: OpenApiDoc;
let ctx: Parameters<typeof fuzzerFor>[0];

beforeAll(async () => {
  // No per-minute limit: every generated call should reach the code behind it.
  t = await createTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '0' });
  const f = iotFixtures(t);
  const user = await t.createUser();
  await f.grantPlan(user.id);
  const space = await f.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
  const s = space.id;
  const device = await f.device(user.id, {}, s);
  const thing = await f.thing(user.id, { device_id: device.id }, s);
  const property = (
    await f.call(
      user.id,
      'PUT',
      `/iot/v2/things/${thing.id}/properties`,
      { name: 'temperature', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
      { space: s },
    )
  ).json() as { id: string };
  const dashboard = (
    await f.call(user.id, 'POST', '/iot/v2/dashboards', { name: 'board' }, { space: s })
  ).json() as {
    id: string;
  };
  const client = (
    await f.call(user.id, 'POST', '/iot/v1/clients', { name: 'fuzz' }, { space: s })
  ).json() as {
    id: string;
    client_id: string;
  };
  doc = (await t.app.inject('/openapi.json')).json() as OpenApiDoc;
  // Ids by the name of the field and the resource the path is about.
  const resourceIds: [RegExp, string | undefined][] = [
    [/^\/iot\/v2\/devices\/\{id\}/, device.id],
    [/^\/iot\/v2\/things\/\{id\}/, thing.id],
    [/^\/iot\/v[23]\/dashboards\/\{id\}/, dashboard.id],
    [/^\/iot\/v1\/clients\/\{id\}/, client.id],
    [/^\/classroom\/v1\/organizations\/\{id\}/, s],
  ];
  ctx = {
    doc,
    headers: { authorization: `Bearer ${await t.tokenFor(user.id)}` },
    space: s,
    ids(o: Operation, name: string) {
      if (name === 'id') return resourceIds.find(([re]) => re.test(o.path))?.[1];
      if (name === 'pid' || name === 'property_id') return property?.id;
      if (name === 'device_id') return device.id;
      if (name === 'thing_id') return thing.id;
      if (name === 'organization_id') return s;
      if (name === 'client_id') return client.client_id;
      // Sketch file paths: a sketch folder and file under the root, so a bad part reaches the lookup.
      if (name === '*') return '$HOME/sketches_v2/sketch/sketch.ino';
      return undefined;
    },
  };
});
afterAll(() => t?.close());

async function send(r: FuzzRequest) {
  return t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers: r.headers,
    ...(r.payload !== undefined && { payload: r.payload }),
  });
}

/** A 5xx as a failure line naming the request, or undefined. */
async function check(r: FuzzRequest): Promise<string | undefined> {
  const res = await send(r);
  if (res.statusCode < 500) return undefined;
  return `${r.method} ${r.url.slice(0, 200)} [${r.mutation}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
}

describe('bad input on every operation of /openapi.json', () => {
  it('refuses NUL in every path and query parameter, body field and the space header without a 5xx', async () => {
    const operations = operationsOf(doc).filter((o) => !isEventStream(o));
    const failures: string[] = [];
    let cases = 0;
    const started = Date.now();
    for (const o of operations) {
      for (const location of fuzzerFor(ctx, o).locations) {
        cases += 1;
        const failure = await check(location.with('a\u0000b'));
        if (failure) failures.push(failure);
      }
    }
    console.info(
      `bad-input sweep: ${operations.length} operations, ${cases} places in ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
  }, 180_000);

  it(
    `never answers 5xx (seed ${SEED}, ${RUNS} cases per operation)`,
    async () => {
      const operations = operationsOf(doc).filter((o) => !isEventStream(o));
      expect(operations.length).toBeGreaterThan(100);
      const failures: string[] = [];
      let cases = 0;
      const started = Date.now();
      for (const [i, o] of operations.entries()) {
        const result = await fc.check(
          fc.asyncProperty(fuzzerFor(ctx, o).arbitrary, async (r) => {
            cases += 1;
            const failure = await check(r);
            if (failure) throw new Error(failure);
          }),
          // One seed per operation, derived from the run's seed, so adding an operation does not change the others.
          { numRuns: RUNS, seed: SEED + i, endOnFailure: true },
        );
        if (result.failed) {
          const failure = `${o.method} ${o.path} (FUZZ_SEED=${SEED}, seed ${SEED + i}): ${String(result.errorInstance ?? '').slice(0, 400)}`;
          console.error(failure);
          failures.push(failure);
        }
      }
      console.info(
        `bad-input: ${operations.length} operations, ${cases} requests in ${Date.now() - started} ms (seed ${SEED})`,
      );
      expect(failures).toEqual([]);
    },
    60_000 + RUNS * 15_000,
  );
});
