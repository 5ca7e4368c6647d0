import type { CreateSketchBody, Sketch } from '@tinkercloud/shared';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { groupKeys } from '@/features/lists/api/group-keys.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { sketchKeys } from './sketch-keys.ts';
import { createSketch, duplicateSketch, renameSketch } from './sketches.ts';
import { useSketchesApi } from './use-sketches-api.ts';

/** The lists that name sketches: the Sketches page's folders and Home's recent sketches. */
const listsOf = (space: string) => [groupKeys.list(space, 'sketches'), iotKeys.sketches(space)] as const;

/** A new sketch (empty, or an upload's files), in the folder the page shows. */
export function useCreateSketch() {
  const s = useSketchesApi();
  return useApiMutation<Sketch, CreateSketchBody>({
    mutationFn: (body) => createSketch(s, body),
    invalidates: listsOf(s.space),
    successMessage: (sketch) => `Sketch ${sketch.name} was created`,
  });
}

export function useRenameSketch() {
  const s = useSketchesApi();
  return useApiMutation<Sketch, { id: string; name: string }>({
    mutationFn: ({ id, name }) => renameSketch(s, id, name),
    // Its files moved with it (the main .ino follows the name): an open editor reads them again.
    invalidates: [...listsOf(s.space), sketchKeys.all(s.space)],
    successMessage: (sketch) => `The sketch is now named ${sketch.name}`,
  });
}

export function useDuplicateSketch() {
  const s = useSketchesApi();
  return useApiMutation<Sketch, { id: string; name: string }>({
    mutationFn: ({ id, name }) => duplicateSketch(s, id, name),
    invalidates: listsOf(s.space),
    successMessage: (sketch) => `Sketch ${sketch.name} was made as a copy`,
  });
}
