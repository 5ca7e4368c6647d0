import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { branding, customizationRecords, tosAcceptances } from '../../db/schema/index.ts';

type BrandingRow = typeof branding.$inferSelect;
type CustomizationRecordRow = typeof customizationRecords.$inferSelect;

/** The only SQL for branding, company customization records and terms acceptances. */
export function createCustomizationRepository(db: Database) {
  return {
    async branding(organizationId: string): Promise<BrandingRow | null> {
      const rows = await db
        .select()
        .from(branding)
        .where(eq(branding.organizationId, organizationId))
        .limit(1);
      return rows[0] ?? null;
    },

    async upsertBranding(
      organizationId: string,
      changes: { policyUrl?: string | null; customTos?: string | null },
    ): Promise<BrandingRow> {
      const rows = await db
        .insert(branding)
        .values({ organizationId, ...changes })
        .onConflictDoUpdate({ target: branding.organizationId, set: { ...changes, updatedAt: sql`now()` } })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    async record(companyKey: string): Promise<CustomizationRecordRow | null> {
      const rows = await db
        .select()
        .from(customizationRecords)
        .where(eq(customizationRecords.companyKey, companyKey))
        .limit(1);
      return rows[0] ?? null;
    },

    async upsertRecord(values: {
      companyKey: string;
      url: string;
      urlEnabled: boolean;
      auth0Id: string;
    }): Promise<CustomizationRecordRow> {
      const { companyKey, ...rest } = values;
      const rows = await db
        .insert(customizationRecords)
        .values(values)
        .onConflictDoUpdate({
          target: customizationRecords.companyKey,
          set: { ...rest, updatedAt: sql`now()` },
        })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    /** Records an acceptance; false when this user had accepted this company's terms already. */
    async recordAcceptance(userId: string, companyKey: string): Promise<boolean> {
      const rows = await db
        .insert(tosAcceptances)
        .values({ userId, companyKey })
        .onConflictDoNothing()
        .returning({ userId: tosAcceptances.userId });
      return rows.length > 0;
    },
  };
}
