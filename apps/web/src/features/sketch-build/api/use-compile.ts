import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CompileJob, isCompileFinished, type Sketch } from '@tinkercloud/shared';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { readCompileBoards, readCompileJob, startCompile } from './compile-api.ts';
import { compileKeys } from './compile-keys.ts';

/** How often a job that has not ended is read again (the compile API has no event stream). */
export const COMPILE_POLL_MS = 1000;

/** The boards this server builds for; they change only when the operator installs a core and restarts. */
export function useCompileBoards() {
  const s = useSketchesApi();
  return useQuery({
    queryKey: compileKeys.boards(s.space),
    queryFn: () => readCompileBoards(s),
    staleTime: 5 * 60_000,
  });
}

/** A job, read again every second until it ends. */
export function useCompileJob(sketchId: string, jobId: string | null) {
  const s = useSketchesApi();
  return useQuery({
    queryKey: compileKeys.job(s.space, sketchId, jobId ?? ''),
    queryFn: () => readCompileJob(s, jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      query.state.data && isCompileFinished(query.state.data.status) ? false : COMPILE_POLL_MS,
  });
}

/**
 * Verify: queues a compile of the saved sketch for a board. The job's first state is cached at once, so the
 * panel shows "Queued" without waiting for the first poll. Refusals (the daily limit, a job already running)
 * come back in the API's words.
 */
export function useStartCompile(sketch: Sketch) {
  const s = useSketchesApi();
  const queryClient = useQueryClient();
  return useApiMutation<CompileJob, string>({
    mutationFn: (fqbn) => startCompile(s, sketch.id, fqbn),
    onSuccess: (job) => queryClient.setQueryData(compileKeys.job(s.space, sketch.id, job.id), job),
    errorMessage: (error) => error.message,
  });
}
