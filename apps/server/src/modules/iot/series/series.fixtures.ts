import type { TestApp } from '../../../../test/app.ts';
import { type IotFixtures, readWriteProperty } from '../testing/iot-fixtures.ts';

/** The series tests' clock: values are stored `s` seconds after T0. */
export const T0 = Date.parse('2024-06-01T12:00:00Z');
export const at = (s: number) => new Date(T0 + s * 1000).toISOString();

/**
 * What the series and export tests query: an owner, a stranger (who must see nothing), and the owner's thing
 * with one read-write property per `[name, type]`, whose ids `ids` holds by name.
 */
export async function seriesWorld(t: TestApp, f: IotFixtures, properties: [name: string, type: string][]) {
  const owner = (await t.createUser()).id;
  const stranger = (await t.createUser()).id;
  const thing = await f.thing(owner, {
    properties: properties.map(([name, type]) => readWriteProperty(name, type)),
  });
  const ids: Record<string, string> = {};
  for (const p of thing.properties ?? []) ids[p.name] = p.id;
  return { owner, stranger, thingId: thing.id, ids };
}
