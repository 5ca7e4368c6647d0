import { RETENTION_CLASSES, type RetentionClass, retentionClassOf } from '@tinkercloud/shared';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotProperties, iotThings, organizations, userPlans } from '../../../db/schema/index.ts';
import { activePlanOf } from '../../plans/plan-rules.ts';

const rank = (c: RetentionClass) => RETENTION_CLASSES.indexOf(c);

/**
 * The telemetry store's `classify`: how long each property's values are kept follows its space's plan — a
 * team or school space's running plan, or the best running plan of the My Cloud's owner. Two queries for a
 * whole batch of properties.
 */
export function createRetentionClassifier(db: Database) {
  return async function classify(propertyIds: string[]): Promise<Map<string, RetentionClass>> {
    const result = new Map<string, RetentionClass>();
    if (propertyIds.length === 0) return result;
    const rows = await db
      .select({
        id: iotProperties.id,
        ownerUserId: iotThings.ownerUserId,
        organizationId: iotThings.organizationId,
        planId: organizations.planId,
        planExpiresAt: organizations.planExpiresAt,
      })
      .from(iotProperties)
      .innerJoin(iotThings, eq(iotThings.id, iotProperties.thingId))
      .leftJoin(organizations, eq(organizations.id, iotThings.organizationId))
      .where(inArray(iotProperties.id, propertyIds));
    const owners = [...new Set(rows.filter((r) => !r.organizationId).map((r) => r.ownerUserId))];
    const plans =
      owners.length === 0
        ? []
        : await db
            .select({ userId: userPlans.userId, planId: userPlans.planId })
            .from(userPlans)
            .where(
              and(
                inArray(userPlans.userId, owners),
                or(isNull(userPlans.expiresAt), gt(userPlans.expiresAt, sql`now()`)),
              ),
            );
    const best = new Map<string, RetentionClass>();
    for (const p of plans) {
      const c = retentionClassOf(p.planId);
      const current = best.get(p.userId);
      if (!current || rank(c) > rank(current)) best.set(p.userId, c);
    }
    for (const r of rows) {
      result.set(
        r.id,
        r.organizationId
          ? retentionClassOf(activePlanOf({ planId: r.planId, planExpiresAt: r.planExpiresAt }))
          : (best.get(r.ownerUserId) ?? 'free'),
      );
    }
    return result;
  };
}
