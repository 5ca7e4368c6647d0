import { z } from 'zod';
import type { SpaceType } from './space.ts';

/**
 * Search parameter schemas of spec section 2.2. The router parses `?a=123` into a number and `?a=true` into a
 * boolean, so text parameters accept those and turn them back into strings. A bad value never breaks a page:
 * each schema says what it falls back to.
 */

/** Optional free text; anything unreadable is dropped. */
const optionalText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value))
  .optional()
  .catch(undefined);

/** `forcesearch` as a real boolean, from `true`/`false` in either form; anything else is dropped. */
const optionalFlag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .optional()
  .catch(undefined);

export const homeSearchSchema = z.object({
  kind: optionalText,
  join: optionalText,
  'join-space': optionalText,
  'join-code': optionalText,
  'get-started': optionalText,
  renewal_id: optionalText,
  space_id: optionalText,
});
export type HomeSearch = z.infer<typeof homeSearchSchema>;

/** Triggers, things, sketches, devices and dashboards lists. */
export const listSearchSchema = z.object({ forcesearch: optionalFlag });
export type ListSearch = z.infer<typeof listSearchSchema>;

export const allItemsSearchSchema = z.object({
  folder: optionalText,
  search: optionalText,
  forcesearch: optionalFlag,
});
export type AllItemsSearch = z.infer<typeof allItemsSearchSchema>;

export const CUSTOM_TEMPLATES_TAB = 'custom';

/** `tab` is the product's own templates or `custom`; an unknown tab counts as missing. */
export function templatesSearchSchema(productSlug: string) {
  return z.object({
    tab: z.enum([productSlug, CUSTOM_TEMPLATES_TAB]).optional().catch(undefined),
  });
}
export type TemplatesSearch = z.infer<ReturnType<typeof templatesSearchSchema>>;

/** Where /templates goes when `tab` is missing: custom templates for a pro space, the product's otherwise. */
export function defaultTemplatesTab(spaceType: SpaceType, productSlug: string): string {
  return spaceType === 'pro' ? CUSTOM_TEMPLATES_TAB : productSlug;
}

export const DEVICE_CONNECTIONS = ['ble', 'serial'] as const;
export const SIMPLE_NEW_DEVICE_TYPES = ['3p', 'any', 'unoq', 'none'] as const;
/** A link to /devices/new with a missing or invalid `type` opens the "any device" choice. */
export const DEFAULT_NEW_DEVICE_TYPE = 'any';

function readThingId(input: unknown): string | undefined {
  const raw =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>).thingId : undefined;
  return optionalText.parse(raw);
}

/**
 * New device: a union by `type`. The product's own boards need a `connection` (ble or serial) and may carry
 * a board `id`; `3p`, `any`, `unoq` and `none` carry nothing else. Every variant may carry `thingId`.
 * An invalid combination falls back to `{ type: 'any' }`, keeping a valid `thingId`, so a stale link still
 * lands on the device picker instead of an error.
 */
export function newDeviceSearchSchema(productSlug: string) {
  const board = z.object({
    type: z.literal(productSlug),
    connection: z.enum(DEVICE_CONNECTIONS),
    id: optionalText,
    thingId: optionalText,
  });
  const simple = <T extends (typeof SIMPLE_NEW_DEVICE_TYPES)[number]>(type: T) =>
    z.object({ type: z.literal(type), thingId: optionalText });
  return z
    .discriminatedUnion('type', [board, simple('3p'), simple('any'), simple('unoq'), simple('none')])
    .catch((ctx) => ({ type: DEFAULT_NEW_DEVICE_TYPE, thingId: readThingId(ctx.input) }));
}
export type NewDeviceSearch = z.infer<ReturnType<typeof newDeviceSearchSchema>>;

export const GRAPH_RANGES = ['15D', '7D', '1D', '1H', 'LIVE'] as const;
export type GraphRange = (typeof GRAPH_RANGES)[number];
export const GRAPH_RANGE_LABELS: Record<GraphRange, string> = {
  '15D': '15 days',
  '7D': '7 days',
  '1D': '1 days',
  '1H': '1 hour',
  LIVE: 'Live',
};
/** A missing or unknown `graph` shows the last day: long enough to see a trend, cheap to load. */
export const DEFAULT_GRAPH_RANGE: GraphRange = '1D';

export const deviceDetailSearchSchema = z.object({
  graph: z.enum(GRAPH_RANGES).optional().catch(undefined),
});
export type DeviceDetailSearch = z.infer<typeof deviceDetailSearchSchema>;

export const templateApplySearchSchema = z.object({ deviceId: optionalText });
export type TemplateApplySearch = z.infer<typeof templateApplySearchSchema>;
