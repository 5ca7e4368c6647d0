import type { AdminSpace, GrantPlanBody } from '@tinkercloud/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { OperatorActor } from '../plans/admin-plans.service.ts';
import { catalogueFor } from '../plans/plan-rules.ts';
import { createPlanOperator } from '../plans/plans.operator.ts';
import type { SpaceOperator } from '../spaces/space-operator.ts';
import { inTransaction } from '../spaces/transaction.ts';
import {
  type AdminSpaceRow,
  type AdminSpacesQuery,
  createAdminSpacesRepository,
} from './admin-spaces.repository.ts';

/** Every school and team space as the operator sees it: list, plan, owner, deletion (issue 27). */
export function createAdminSpacesService(deps: {
  db: Database;
  config: Pick<Config, 'productSlug' | 'productName' | 'publicUrl'>;
  audit: AuditLog;
  spaces: SpaceOperator;
}) {
  const repo = createAdminSpacesRepository(deps.db);
  const catalogue = catalogueFor(deps.config);

  function view(row: AdminSpaceRow): AdminSpace {
    const { org } = row;
    return {
      id: org.id,
      name: org.name,
      space: org.space,
      created_at: org.createdAt.toISOString(),
      // The stored plan, also once it ended (its end date says so): the operator sees what to renew.
      plan: org.planId
        ? {
            id: org.planId,
            name: catalogue.find((p) => p.id === org.planId)?.name ?? org.planId,
            ends_at: org.planExpiresAt?.toISOString() ?? null,
          }
        : null,
      seats: org.planId ? org.planSeats : null,
      members: row.members,
      owner: row.ownerId ? { id: row.ownerId, username: row.ownerUsername ?? '' } : null,
      usage: { things: row.things, devices: row.devices, dashboards: row.dashboards },
    };
  }

  async function shown(id: string): Promise<AdminSpace> {
    const row = await repo.one(id);
    if (!row) throw notFound('Space');
    return view(row);
  }

  return {
    async list(query: AdminSpacesQuery) {
      const { rows, total } = await repo.page(query);
      return { spaces: rows.map(view), total, page: query.page, per_page: query.per_page };
    },

    /** Grants a plan (seats, end date) as the CLI does, and records it, in one transaction. */
    async grantPlan(by: OperatorActor, id: string, body: GrantPlanBody): Promise<AdminSpace> {
      const endsAt = body.ends_at === undefined ? undefined : new Date(body.ends_at);
      if (endsAt && endsAt.getTime() <= Date.now()) {
        throw new AppError('validation_error', 'body/ends_at: must be in the future');
      }
      await inTransaction(deps.db, async (tx) => {
        const granted = await createPlanOperator({ db: tx, config: deps.config }).grant({
          target: { space: id },
          planId: body.plan_id,
          seats: body.seats,
          endsAt,
        });
        await deps.audit.record(
          {
            action: 'plan.granted',
            actorId: by.userId,
            ip: by.ip,
            targetType: 'space',
            targetId: id,
            details: {
              plan_id: granted.plan.id,
              seats: granted.seats ?? null,
              ends_at: granted.expiresAt?.toISOString() ?? null,
            },
          },
          tx,
        );
      });
      return shown(id);
    },

    async transferOwner(by: OperatorActor, id: string, userId: string): Promise<AdminSpace> {
      const { org, previous } = await deps.spaces.transferOwner(id, userId);
      await deps.audit.record({
        action: 'space.owner_transferred',
        actorId: by.userId,
        ip: by.ip,
        targetType: 'space',
        targetId: org.id,
        targetLabel: org.name,
        details: { from: previous, to: userId },
      });
      return shown(id);
    },

    async deletion(id: string) {
      const counts = await repo.deletionCounts(id);
      if (!counts) throw notFound('Space');
      return counts;
    },

    /** Deletes the space with everything in it; the audit entry keeps what went. */
    async remove(by: OperatorActor, id: string): Promise<void> {
      const counts = await repo.deletionCounts(id);
      if (!counts) throw notFound('Space');
      const org = await deps.spaces.remove(id);
      await deps.audit.record({
        action: 'space.deleted',
        actorId: by.userId,
        ip: by.ip,
        targetType: 'space',
        targetId: org.id,
        targetLabel: org.name,
        details: { ...counts, space: org.space, plan_id: org.planId },
      });
    },
  };
}
export type AdminSpacesService = ReturnType<typeof createAdminSpacesService>;
