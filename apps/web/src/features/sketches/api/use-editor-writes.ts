import { useQueryClient } from '@tanstack/react-query';
import type { Sketch, SketchFile, SketchSecrets } from '@tinkercloud/shared';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { textToBase64 } from '../model/base64.ts';
import { pathInSketch } from '../model/sketch-files.ts';
import { sketchKeys } from './sketch-keys.ts';
import { deleteSketchFile, moveSketchFile, putSecrets, writeSketchFile } from './sketches.ts';
import { useSketchesApi } from './use-sketches-api.ts';

export interface ChangedFile {
  name: string;
  path: string;
  text: string;
}

/**
 * Save: writes every changed file (`POST /create/v2/files/f/{path}`), one after the other so a refusal stops
 * at the file it names. Each written file's cached content becomes what was written: the editor's baseline.
 */
export function useSaveFiles(sketch: Sketch) {
  const s = useSketchesApi();
  const queryClient = useQueryClient();
  return useApiMutation<void, ChangedFile[]>({
    mutationFn: async (files) => {
      for (const file of files) {
        await writeSketchFile(s, file.path, textToBase64(file.text));
        queryClient.setQueryData<SketchFile>(sketchKeys.file(s.space, sketch.id, file.name), (cached) =>
          cached ? { ...cached, data: textToBase64(file.text) } : cached,
        );
      }
    },
    invalidates: [sketchKeys.sketch(s.space, sketch.id)],
  });
}

/** A new, empty file. */
export function useAddFile(sketch: Sketch) {
  const s = useSketchesApi();
  return useApiMutation<unknown, string>({
    mutationFn: (name) => writeSketchFile(s, pathInSketch(sketch, name), ''),
    invalidates: [sketchKeys.sketch(s.space, sketch.id)],
    successMessage: (_, name) => `${name} was added`,
  });
}

export function useRenameFile(sketch: Sketch) {
  const s = useSketchesApi();
  const queryClient = useQueryClient();
  return useApiMutation<unknown, { from: string; to: string }>({
    mutationFn: ({ from, to }) => moveSketchFile(s, pathInSketch(sketch, from), pathInSketch(sketch, to)),
    onSuccess: (_, { from }) =>
      queryClient.removeQueries({ queryKey: sketchKeys.file(s.space, sketch.id, from) }),
    invalidates: [sketchKeys.sketch(s.space, sketch.id)],
    successMessage: (_, { from, to }) => `${from} is now named ${to}`,
  });
}

export function useDeleteFile(sketch: Sketch) {
  const s = useSketchesApi();
  const queryClient = useQueryClient();
  return useApiMutation<void, string>({
    mutationFn: (name) => deleteSketchFile(s, pathInSketch(sketch, name)),
    onSuccess: (_, name) =>
      queryClient.removeQueries({ queryKey: sketchKeys.file(s.space, sketch.id, name) }),
    invalidates: [sketchKeys.sketch(s.space, sketch.id)],
    successMessage: (_, name) => `${name} was deleted`,
  });
}

export function useSaveSecrets(sketchId: string) {
  const s = useSketchesApi();
  return useApiMutation<unknown, SketchSecrets>({
    mutationFn: (secrets) => putSecrets(s, sketchId, secrets),
    invalidates: [sketchKeys.secrets(s.space, sketchId)],
    successMessage: 'Secrets were saved',
  });
}
