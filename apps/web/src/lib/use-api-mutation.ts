import {
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { readAgain } from './query-client.ts';
import { networkErrorMessage, toast } from './toast.tsx';

/** One cached query updated at once, before the server answers, and put back if the write fails. */
export interface OptimisticUpdate<TVariables, TCached> {
  queryKey: QueryKey;
  update: (cached: TCached | undefined, variables: TVariables) => TCached | undefined;
}

export interface ApiMutationOptions<TData, TVariables, TCached>
  extends Omit<UseMutationOptions<TData, Error, TVariables, ApiMutationContext<TCached>>, 'onMutate'> {
  optimistic?: OptimisticUpdate<TVariables, TCached>;
  /** Queries read again once the write settles, whatever its outcome (`readAgain`: a first read still out is read again too). */
  invalidates?: readonly QueryKey[];
  /** The success toast, if any. */
  successMessage?: string | ((data: TData, variables: TVariables) => string);
  /** The failure toast; by default `networkErrorMessage` (spec 8's 'Network Error: {detail}'; a 409's detail alone). */
  errorMessage?: (error: Error) => string;
}

export interface ApiMutationContext<TCached> {
  previous?: TCached | undefined;
}

/**
 * Every write of the web goes through here: one failure rule (an error toast with the spec's text, after the
 * optimistic change is rolled back), an optional success toast, and the queries to read again.
 */
export function useApiMutation<TData, TVariables = void, TCached = unknown>({
  optimistic,
  invalidates = [],
  successMessage,
  errorMessage = networkErrorMessage,
  onError,
  onSuccess,
  onSettled,
  ...options
}: ApiMutationOptions<TData, TVariables, TCached>): UseMutationResult<
  TData,
  Error,
  TVariables,
  ApiMutationContext<TCached>
> {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables, ApiMutationContext<TCached>>({
    ...options,
    onMutate: async (variables) => {
      if (!optimistic) return {};
      // A read in flight would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: optimistic.queryKey });
      const previous = queryClient.getQueryData<TCached>(optimistic.queryKey);
      queryClient.setQueryData<TCached>(optimistic.queryKey, (cached) =>
        optimistic.update(cached, variables),
      );
      return { previous };
    },
    onError: (error, variables, context, mutation) => {
      if (optimistic && context) queryClient.setQueryData(optimistic.queryKey, context.previous);
      toast.error(errorMessage(error));
      return onError?.(error, variables, context, mutation);
    },
    onSuccess: (data, variables, context, mutation) => {
      if (successMessage) {
        toast.success(
          typeof successMessage === 'function' ? successMessage(data, variables) : successMessage,
        );
      }
      return onSuccess?.(data, variables, context, mutation);
    },
    onSettled: async (data, error, variables, context, mutation) => {
      const keys = optimistic ? [optimistic.queryKey, ...invalidates] : invalidates;
      await Promise.all(keys.map((queryKey) => readAgain(queryClient, queryKey)));
      return onSettled?.(data, error, variables, context, mutation);
    },
  });
}
