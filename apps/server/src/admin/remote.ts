import {
  type AdminSpace,
  type AdminUser,
  type AdminUsersPage,
  type adminSpacesPageSchema,
  type GrantPlanBody,
  isUuid,
  PER_PAGE_MAX,
} from '@tinkercloud/shared';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError, notFound } from '../errors.ts';
import type {
  CreateRenewalBody,
  CustomizationAnswer,
  RenewalAnswer,
  SlugAnswer,
} from '../modules/admin/operator-tools.schemas.ts';
import { nextExpiry } from '../modules/plans/plan-rules.ts';
import type { AdminApi } from './admin-api.ts';
import { type Command, day, type Target } from './commands.ts';
import { type AdminIo, customizationLine, operatorLine, slugLine } from './direct.ts';

type SpacesPage = z.infer<typeof adminSpacesPageSchema>;

/** The account a login names, as the database lookup finds it: an e-mail match wins over a username. */
async function findUser(api: AdminApi, login: string): Promise<AdminUser> {
  const q = encodeURIComponent(login);
  const page = await api.get<AdminUsersPage>(`/admin/v1/users?q=${q}&per_page=${PER_PAGE_MAX}`);
  const lower = login.toLowerCase();
  const found =
    page.users.find((u) => u.email.toLowerCase() === lower) ??
    page.users.find((u) => u.username.toLowerCase() === lower);
  if (!login || !found) throw new AppError('not_found', `No account found for "${login}".`);
  return found;
}

/** Every space, a page at a time (the admin list has no lookup by id). */
async function* allSpaces(api: AdminApi): AsyncGenerator<AdminSpace> {
  for (let page = 1; ; page += 1) {
    const answer = await api.get<SpacesPage>(`/admin/v1/spaces?per_page=${PER_PAGE_MAX}&page=${page}`);
    yield* answer.spaces;
    if (page * answer.per_page >= answer.total || answer.spaces.length === 0) return;
  }
}

async function findSpace(api: AdminApi, id: string): Promise<AdminSpace> {
  for await (const space of allSpaces(api)) if (space.id === id) return space;
  throw notFound('Space');
}

/** A space id the API would refuse as malformed: said as the database lookup says it. */
function spaceId(target: Target & { space: string }): string {
  if (!isUuid(target.space)) throw notFound('Space');
  return target.space;
}

/**
 * `--days` as the database path counts it (`nextExpiry`): from now, or from the end of the same plan still
 * running, which a renewal extends; the admin API takes the resulting end date.
 */
function endsAt(
  current: { id: string; ends_at: string | null } | null | undefined,
  planId: string,
  days: number | undefined,
): Pick<GrantPlanBody, 'ends_at'> {
  const state = current
    ? { planId: current.id, expiresAt: current.ends_at ? new Date(current.ends_at) : null }
    : null;
  const end = nextExpiry(state, planId, days);
  return end ? { ends_at: end.toISOString() } : {};
}

/** Runs a command through the running server's admin API (packages/shared/src/admin/contracts.ts). */
export async function executeRemote(command: Command, api: AdminApi, config: Config, io: AdminIo) {
  switch (command.name) {
    case 'grant-plan': {
      if ('user' in command.target) {
        const user = await findUser(api, command.target.user);
        const current = user.plans.find((p) => p.id === command.planId);
        const updated = await api.post<AdminUser>(`/admin/v1/users/${user.id}/plans`, {
          plan_id: command.planId,
          ...(command.seats !== undefined && { seats: command.seats }),
          ...endsAt(current, command.planId, command.days),
        } satisfies GrantPlanBody);
        const plan = updated.plans.find((p) => p.id === command.planId);
        io.out(
          `Granted ${plan?.name ?? command.planId} (${command.planId}) to user ${updated.username} ` +
            `(${updated.email}): until ${day(plan?.ends_at ?? null)}.`,
        );
        return;
      }
      const id = spaceId(command.target);
      // The current plan is needed only to extend it by --days.
      const current = command.days ? (await findSpace(api, id)).plan : null;
      const space = await api.post<AdminSpace>(`/admin/v1/spaces/${id}/plan`, {
        plan_id: command.planId,
        ...(command.seats !== undefined && { seats: command.seats }),
        ...endsAt(current, command.planId, command.days),
      } satisfies GrantPlanBody);
      const seats = space.seats ? `, ${space.seats} seats` : '';
      io.out(
        `Granted ${space.plan?.name ?? command.planId} (${command.planId}) to space "${space.name}" ` +
          `(${space.id}): until ${day(space.plan?.ends_at ?? null)}${seats}.`,
      );
      return;
    }
    case 'create-renewal': {
      const target =
        'user' in command.target ? { user: command.target.user } : { space_id: spaceId(command.target) };
      const renewal = await api.post<RenewalAnswer>('/admin/v1/renewals', {
        ...target,
        plan_id: command.planId,
        ...(command.seats !== undefined && { seats: command.seats }),
        ...(command.days !== undefined && { days: command.days }),
      } satisfies CreateRenewalBody);
      io.out(`Renewal for ${renewal.plan_name} (${renewal.plan_id}): ${renewal.id}`);
      io.out(`Activation link: ${renewal.url}`);
      return;
    }
    case 'list-spaces': {
      let any = false;
      const now = Date.now();
      for await (const s of allSpaces(api)) {
        if (!any) io.out(['id', 'kind', 'plan', 'seats', 'members', 'owner', 'name'].join('\t'));
        any = true;
        const expired = s.plan?.ends_at && new Date(s.plan.ends_at).getTime() <= now;
        const plan = s.plan ? `${s.plan.id}${expired ? ' (expired)' : ''}` : '-';
        io.out([s.id, s.space, plan, s.seats ?? '-', s.members, s.owner?.username ?? '-', s.name].join('\t'));
      }
      if (!any) io.out('No spaces yet.');
      return;
    }
    case 'add-customization': {
      const r = await api.put<CustomizationAnswer>(
        `/admin/v1/customizations/${encodeURIComponent(command.key)}`,
        {
          url: command.url,
          url_enabled: command.enabled,
          client_id: command.clientId,
        },
      );
      io.out(customizationLine(r.company_key, r.url, r.url_enabled, r.client_id));
      return;
    }
    case 'set-slug': {
      const id = spaceId({ space: command.space });
      const org = await api.put<SlugAnswer>(`/admin/v1/slugs/${id}`, { slug: command.slug });
      io.out(slugLine(org.name, org.slug, config));
      return;
    }
    case 'delete-user': {
      let user: AdminUser;
      try {
        user = await findUser(api, command.login);
      } catch (err) {
        // As the database path says it.
        if (err instanceof AppError && err.code === 'not_found') throw notFound('User');
        throw err;
      }
      await api.delete(`/admin/v1/users/${user.id}`);
      io.out(`Deleted user ${user.username} <${user.email}> (${user.id}).`);
      return;
    }
    case 'set-operator': {
      const user = await findUser(api, command.login);
      const updated = await api.put<AdminUser>(`/admin/v1/users/${user.id}/operator`, {
        operator: command.operator,
      });
      io.out(operatorLine(updated.username, updated.is_operator));
      return;
    }
  }
}
