import { and, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { iotDevices, provisioningOnboardings } from '../../db/schema/index.ts';

export interface OnboardingRecord {
  id: string;
  deviceId: string;
  deviceName: string;
  createdAt: Date;
  provisionedAt: Date | null;
  endedAt: Date | null;
  deletedAt: Date | null;
}

/** Whose onboardings: one user's, in one space. */
export interface OnboardingOwner {
  organizationId: string | null;
  userId: string;
}

const o = provisioningOnboardings;
const columns = {
  id: o.id,
  deviceId: o.deviceId,
  deviceName: iotDevices.name,
  createdAt: o.createdAt,
  provisionedAt: o.provisionedAt,
  endedAt: o.endedAt,
  deletedAt: iotDevices.deletedAt,
};

function ownedBy(owner: OnboardingOwner): SQL {
  const space = owner.organizationId ? eq(o.organizationId, owner.organizationId) : isNull(o.organizationId);
  return and(space, eq(o.ownerUserId, owner.userId)) as SQL;
}

export function createProvisioningRepository(db: Database) {
  const select = () => db.select(columns).from(o).innerJoin(iotDevices, eq(iotDevices.id, o.deviceId));
  return {
    /** Newest first. */
    async list(owner: OnboardingOwner, opts: { since?: Date; limit: number }): Promise<OnboardingRecord[]> {
      const where = [ownedBy(owner)];
      if (opts.since) where.push(gte(o.createdAt, opts.since));
      return select()
        .where(and(...where))
        .orderBy(desc(o.createdAt))
        .limit(opts.limit);
    },

    async find(owner: OnboardingOwner, id: string): Promise<OnboardingRecord | null> {
      const rows = await select()
        .where(and(ownedBy(owner), eq(o.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The owner's onboarding of this device that is still waiting for it, if any. */
    async activeFor(owner: OnboardingOwner, deviceId: string): Promise<OnboardingRecord | null> {
      const rows = await select()
        .where(
          and(
            ownedBy(owner),
            eq(o.deviceId, deviceId),
            isNull(o.provisionedAt),
            isNull(o.endedAt),
            isNull(iotDevices.deletedAt),
          ),
        )
        .orderBy(desc(o.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    async insert(owner: OnboardingOwner, deviceId: string): Promise<string> {
      const [row] = await db
        .insert(o)
        .values({ organizationId: owner.organizationId, ownerUserId: owner.userId, deviceId })
        .returning({ id: o.id });
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    /** Ends it unless it already ended or was provisioned; true when this call changed it. */
    async end(id: string): Promise<boolean> {
      const rows = await db
        .update(o)
        .set({ endedAt: new Date() })
        .where(and(eq(o.id, id), isNull(o.endedAt), isNull(o.provisionedAt)))
        .returning({ id: o.id });
      return rows.length > 0;
    },

    /** Onboardings of these devices still waiting: provisioned now (one statement for a whole group). */
    async markProvisioned(deviceIds: string[], at: Date) {
      return db
        .update(o)
        .set({ provisionedAt: at })
        .where(
          and(
            sql`${o.deviceId} = any(${sql.param(deviceIds)}::uuid[])`,
            isNull(o.provisionedAt),
            isNull(o.endedAt),
          ),
        )
        .returning({ id: o.id, organizationId: o.organizationId, ownerUserId: o.ownerUserId });
    },
  };
}
