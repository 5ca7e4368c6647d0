import { useQueryClient } from '@tanstack/react-query';
import {
  type AdminPlan,
  type AdminSpace,
  type AdminUser,
  adminPlanSchema,
  adminSpaceSchema,
  adminUserSchema,
  type GrantPlanBody,
  type OperatorPlanLimits,
  type PlanDefaults,
  type PlanRequest,
  planDefaultsSchema,
  planRequestSchema,
} from '@tinkercloud/shared';
import { useAuthState, useServices } from '@/app/services.tsx';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { adminKeys, adminUrl, idPath } from './admin-api.ts';
import { operatorKey } from './operator.ts';

const AUDIT = ['admin', 'audit'] as const;

/** A user action answering the account as it is now: the detail takes it at once, the lists read again. */
function useUserWrite<TVariables>(
  user: AdminUser,
  request: (variables: TVariables) => { path: string; method: string; body?: unknown },
  successMessage: (updated: AdminUser, variables: TVariables) => string,
  extra: readonly (readonly unknown[])[] = [],
) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  return useApiMutation<AdminUser, TVariables>({
    mutationFn: async (variables) => {
      const { path, method, body } = request(variables);
      return adminUserSchema.parse(
        await api(adminUrl(config, `/users/${idPath(user.id)}${path}`), { method, body }),
      );
    },
    onSuccess: (updated) => queryClient.setQueryData(adminKeys.user(user.id), updated),
    invalidates: [adminKeys.users(), AUDIT, ...extra],
    successMessage,
  });
}

export function useGrantUserPlan(user: AdminUser) {
  return useUserWrite<GrantPlanBody & { planName: string }>(
    user,
    ({ plan_id, ends_at }) => ({ path: '/plans', method: 'POST', body: { plan_id, ends_at } }),
    (_u, { planName }) => `${planName} granted to ${user.username}`,
    [adminKeys.spaces()],
  );
}

export function useEndUserPlan(user: AdminUser) {
  return useUserWrite<{ id: string; name: string }>(
    user,
    ({ id }) => ({ path: `/plans/${idPath(id)}`, method: 'DELETE' }),
    (_u, { name }) => `${name} ended for ${user.username}`,
  );
}

export function useSetUserDisabled(user: AdminUser) {
  return useUserWrite<boolean>(
    user,
    (disable) => ({ path: disable ? '/disable' : '/enable', method: 'POST' }),
    (_u, disable) => `${user.username} ${disable ? 'disabled' : 'enabled'}`,
  );
}

export function useMarkEmailVerified(user: AdminUser) {
  return useUserWrite<void>(
    user,
    () => ({ path: '/verify-email', method: 'POST' }),
    () => `E-mail of ${user.username} marked verified`,
  );
}

export function useSetOperator(user: AdminUser) {
  const { user: me } = useAuthState();
  return useUserWrite<boolean>(
    user,
    (operator) => ({ path: '/operator', method: 'PUT', body: { operator } }),
    (_u, operator) =>
      operator ? `${user.username} is now an operator` : `${user.username} is no longer an operator`,
    // Unmaking oneself closes the console: the cached answer of /users/v1/me/operator is read again.
    me.id === user.id ? [operatorKey(me.id)] : [],
  );
}

/** Mails the account a password-reset link (204). */
export function useSendPasswordReset(user: AdminUser) {
  const { api, config } = useServices();
  return useApiMutation<unknown, void>({
    mutationFn: () => api(adminUrl(config, `/users/${idPath(user.id)}/password-reset`), { method: 'POST' }),
    invalidates: [AUDIT],
    successMessage: `Password-reset link sent to ${user.email}`,
  });
}

/** Deletes the account for good (204); the detail closes and the lists read again. */
export function useDeleteUser(user: AdminUser) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  return useApiMutation<unknown, void>({
    mutationFn: () => api(adminUrl(config, `/users/${idPath(user.id)}`), { method: 'DELETE' }),
    onSuccess: () => queryClient.removeQueries({ queryKey: adminKeys.user(user.id) }),
    invalidates: [adminKeys.users(), adminKeys.spaces(), adminKeys.requests(), AUDIT],
    successMessage: `Account ${user.username} deleted`,
  });
}

/** The plans' numbers: the plans query takes the answer; users and spaces show plan names, read them again. */
function usePlanWrite<TVariables>(
  request: (variables: TVariables) => { path: string; method: string; body?: unknown },
  successMessage: (plan: AdminPlan) => string,
) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  return useApiMutation<AdminPlan, TVariables>({
    mutationFn: async (variables) => {
      const { path, method, body } = request(variables);
      return adminPlanSchema.parse(await api(adminUrl(config, path), { method, body }));
    },
    onSuccess: (saved) =>
      queryClient.setQueryData(adminKeys.plans(), (cached: { plans: AdminPlan[] } | undefined) =>
        cached ? { ...cached, plans: cached.plans.map((p) => (p.id === saved.id ? saved : p)) } : cached,
      ),
    invalidates: [adminKeys.plans(), AUDIT, ['recap']],
    successMessage,
  });
}

export function useSavePlanLimits(planId: string) {
  return usePlanWrite<OperatorPlanLimits>(
    (limits) => ({ path: `/plans/${idPath(planId)}`, method: 'PUT', body: { limits } }),
    (plan) => `${plan.name} saved`,
  );
}

export function useResetPlan(planId: string) {
  return usePlanWrite<void>(
    () => ({ path: `/plans/${idPath(planId)}`, method: 'DELETE' }),
    (plan) => `${plan.name} is back to its built-in numbers`,
  );
}

export function useSavePlanDefaults() {
  const { api, config } = useServices();
  return useApiMutation<PlanDefaults, PlanDefaults>({
    mutationFn: async (defaults) =>
      planDefaultsSchema.parse(
        await api(adminUrl(config, '/plan-defaults'), { method: 'PUT', body: defaults }),
      ),
    invalidates: [adminKeys.plans(), AUDIT],
    successMessage: 'Default plans saved',
  });
}

export interface DecideVariables {
  request: PlanRequest;
  note: string;
  ends_at?: string | undefined;
}

/** Grants or declines a plan request; granting changes the user's or the space's plan too. */
export function useDecidePlanRequest(decision: 'grant' | 'decline') {
  const { api, config } = useServices();
  return useApiMutation<PlanRequest, DecideVariables>({
    mutationFn: async ({ request, note, ends_at }) =>
      planRequestSchema.parse(
        await api(adminUrl(config, `/plan-requests/${idPath(request.id)}/${decision}`), {
          method: 'POST',
          body: decision === 'grant' ? { note, ends_at } : { note },
        }),
      ),
    invalidates: [adminKeys.requests(), adminKeys.users(), adminKeys.spaces(), AUDIT],
    successMessage: (_r, { request }) =>
      decision === 'grant'
        ? `${request.plan_name} granted to ${request.space?.name ?? request.user.username}`
        : `Request of ${request.user.username} declined`,
  });
}

/** A space action answering the space as it is now. */
function useSpaceWrite<TVariables>(
  space: AdminSpace,
  request: (variables: TVariables) => { path: string; method: string; body?: unknown },
  successMessage: (updated: AdminSpace, variables: TVariables) => string,
) {
  const { api, config } = useServices();
  return useApiMutation<AdminSpace, TVariables>({
    mutationFn: async (variables) => {
      const { path, method, body } = request(variables);
      return adminSpaceSchema.parse(
        await api(adminUrl(config, `/spaces/${idPath(space.id)}${path}`), { method, body }),
      );
    },
    invalidates: [adminKeys.spaces(), adminKeys.users(), AUDIT],
    successMessage,
  });
}

export function useGrantSpacePlan(space: AdminSpace) {
  return useSpaceWrite<GrantPlanBody & { planName: string }>(
    space,
    ({ plan_id, ends_at, seats }) => ({ path: '/plan', method: 'POST', body: { plan_id, ends_at, seats } }),
    (_s, { planName }) => `${planName} granted to ${space.name}`,
  );
}

export function useTransferOwner(space: AdminSpace) {
  return useSpaceWrite<{ user_id: string; username: string }>(
    space,
    ({ user_id }) => ({ path: '/owner', method: 'PUT', body: { user_id } }),
    (_s, { username }) => `${username} now owns ${space.name}`,
  );
}

export function useDeleteSpace(space: AdminSpace) {
  const { api, config } = useServices();
  return useApiMutation<unknown, void>({
    mutationFn: () => api(adminUrl(config, `/spaces/${idPath(space.id)}`), { method: 'DELETE' }),
    invalidates: [adminKeys.spaces(), adminKeys.users(), AUDIT],
    successMessage: `Space ${space.name} deleted`,
  });
}
