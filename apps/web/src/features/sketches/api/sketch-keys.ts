import { iotKeys } from '@/features/iot/api/query-keys.ts';

/**
 * The query keys of one sketch, under the space's `iot` key: a space change resets them, and a write that
 * reads the whole space again (the trash's Undo) reads the open sketch again too.
 *
 * | key | holds |
 * |---|---|
 * | `['iot', space, 'sketch', id]` | `GET /create/v2/sketches/byID/{id}`: `Sketch` (file entries, no content) |
 * | `['iot', space, 'sketch', id, 'file', name]` | `GET /create/v2/files/f/{path}`: `SketchFile` |
 * | `['iot', space, 'sketch', id, 'secrets']` | `GET /create/v2/sketches/byID/{id}/secrets` |
 */
export const sketchKeys = {
  /** Every sketch's entries (not the lists, which are the groups'). */
  all: (space: string) => [...iotKeys.space(space), 'sketch'] as const,
  sketch: (space: string, id: string) => iotKeys.sketch(space, id),
  file: (space: string, id: string, name: string) => [...sketchKeys.sketch(space, id), 'file', name] as const,
  secrets: (space: string, id: string) => [...sketchKeys.sketch(space, id), 'secrets'] as const,
};
