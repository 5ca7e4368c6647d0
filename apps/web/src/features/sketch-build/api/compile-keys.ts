import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { sketchKeys } from '@/features/sketches/api/sketch-keys.ts';

/**
 * | key | holds |
 * |---|---|
 * | `['iot', space, 'compile-boards']` | `GET /create/v2/compile/boards` |
 * | `['iot', space, 'sketch', id, 'compile', job]` | `GET /create/v2/compilations/{job}` |
 */
export const compileKeys = {
  boards: (space: string) => [...iotKeys.space(space), 'compile-boards'] as const,
  job: (space: string, sketchId: string, jobId: string) =>
    [...sketchKeys.sketch(space, sketchId), 'compile', jobId] as const,
};
