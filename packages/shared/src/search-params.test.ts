import { describe, expect, it } from 'vitest';
import {
  allItemsSearchSchema,
  DEFAULT_GRAPH_RANGE,
  defaultTemplatesTab,
  deviceDetailSearchSchema,
  GRAPH_RANGE_LABELS,
  homeSearchSchema,
  listSearchSchema,
  newDeviceSearchSchema,
  templateApplySearchSchema,
  templatesSearchSchema,
} from './search-params.ts';

describe('homeSearchSchema', () => {
  it('keeps the known parameters as strings', () => {
    const parsed = homeSearchSchema.parse({
      kind: 'pro',
      join: 'x',
      'join-space': 'y',
      'join-code': 123456,
      'get-started': true,
      renewal_id: 'r1',
      space_id: 's1',
    });
    expect(parsed).toEqual({
      kind: 'pro',
      join: 'x',
      'join-space': 'y',
      'join-code': '123456',
      'get-started': 'true',
      renewal_id: 'r1',
      space_id: 's1',
    });
  });

  it('makes every parameter optional, drops unknown keys and unreadable values', () => {
    expect(homeSearchSchema.parse({})).toEqual({});
    expect(homeSearchSchema.parse({ other: 'x', kind: { a: 1 } })).toEqual({ kind: undefined });
  });
});

describe('listSearchSchema', () => {
  it('reads forcesearch as a boolean in either form', () => {
    expect(listSearchSchema.parse({ forcesearch: true }).forcesearch).toBe(true);
    expect(listSearchSchema.parse({ forcesearch: 'true' }).forcesearch).toBe(true);
    expect(listSearchSchema.parse({ forcesearch: false }).forcesearch).toBe(false);
    expect(listSearchSchema.parse({ forcesearch: 'false' }).forcesearch).toBe(false);
  });

  it('drops a missing or invalid forcesearch', () => {
    expect(listSearchSchema.parse({}).forcesearch).toBeUndefined();
    expect(listSearchSchema.parse({ forcesearch: 'yes' }).forcesearch).toBeUndefined();
    expect(listSearchSchema.parse({ forcesearch: 1 }).forcesearch).toBeUndefined();
  });
});

describe('allItemsSearchSchema', () => {
  it('reads folder, search and forcesearch', () => {
    expect(allItemsSearchSchema.parse({ folder: 'f1', search: 42, forcesearch: 'true' })).toEqual({
      folder: 'f1',
      search: '42',
      forcesearch: true,
    });
  });
});

describe('templatesSearchSchema', () => {
  const schema = templatesSearchSchema('tinkercloud');

  it('accepts the product tab and custom', () => {
    expect(schema.parse({ tab: 'tinkercloud' }).tab).toBe('tinkercloud');
    expect(schema.parse({ tab: 'custom' }).tab).toBe('custom');
  });

  it('treats an unknown tab like a missing one', () => {
    expect(schema.parse({ tab: 'arduino' }).tab).toBeUndefined();
    expect(schema.parse({}).tab).toBeUndefined();
  });

  it('defaults to custom in a pro space and to the product tab otherwise', () => {
    expect(defaultTemplatesTab('pro', 'tinkercloud')).toBe('custom');
    expect(defaultTemplatesTab('private', 'tinkercloud')).toBe('tinkercloud');
    expect(defaultTemplatesTab('edu', 'tinkercloud')).toBe('tinkercloud');
  });
});

describe('newDeviceSearchSchema', () => {
  const schema = newDeviceSearchSchema('tinkercloud');

  it('accepts a product board with a connection, an optional id and thingId', () => {
    expect(schema.parse({ type: 'tinkercloud', connection: 'ble' })).toEqual({
      type: 'tinkercloud',
      connection: 'ble',
    });
    expect(schema.parse({ type: 'tinkercloud', connection: 'serial', id: 'nano', thingId: 't1' })).toEqual({
      type: 'tinkercloud',
      connection: 'serial',
      id: 'nano',
      thingId: 't1',
    });
  });

  it('accepts 3p, any, unoq and none with an optional thingId', () => {
    for (const type of ['3p', 'any', 'unoq', 'none']) {
      expect(schema.parse({ type })).toEqual({ type });
      expect(schema.parse({ type, thingId: 't1' })).toEqual({ type, thingId: 't1' });
    }
  });

  it('drops fields that belong to another variant', () => {
    expect(schema.parse({ type: '3p', connection: 'ble', id: 'x' })).toEqual({ type: '3p' });
  });

  it('falls back to any, keeping a valid thingId, when the combination is invalid', () => {
    expect(schema.parse({})).toEqual({ type: 'any' });
    expect(schema.parse({ type: 'toaster', thingId: 't9' })).toEqual({ type: 'any', thingId: 't9' });
    expect(schema.parse({ type: 'tinkercloud' })).toEqual({ type: 'any' });
    expect(schema.parse({ type: 'tinkercloud', connection: 'wifi', thingId: 7 })).toEqual({
      type: 'any',
      thingId: '7',
    });
  });
});

describe('deviceDetailSearchSchema', () => {
  it('accepts the five ranges, each with its label', () => {
    for (const graph of ['15D', '7D', '1D', '1H', 'LIVE'] as const) {
      expect(deviceDetailSearchSchema.parse({ graph }).graph).toBe(graph);
    }
    expect(Object.values(GRAPH_RANGE_LABELS)).toEqual(['15 days', '7 days', '1 days', '1 hour', 'Live']);
  });

  it('drops an unknown range so the page shows the default of one day', () => {
    expect(deviceDetailSearchSchema.parse({ graph: '2D' }).graph).toBeUndefined();
    expect(deviceDetailSearchSchema.parse({ graph: 'live' }).graph).toBeUndefined();
    expect(DEFAULT_GRAPH_RANGE).toBe('1D');
  });
});

describe('templateApplySearchSchema', () => {
  it('reads an optional deviceId', () => {
    expect(templateApplySearchSchema.parse({ deviceId: 'd1' })).toEqual({ deviceId: 'd1' });
    expect(templateApplySearchSchema.parse({})).toEqual({});
  });
});
