import type { TemplateContent } from '@tinkercloud/shared/iot';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { iotCustomTemplates } from '../../../db/schema/index.ts';
import { type IotSpace, spaceKeyOf } from '../common/space.ts';

export type CustomTemplateRow = typeof iotCustomTemplates.$inferSelect;

/** The only SQL for custom templates. Every read and write names the space. */
export function createTemplatesRepository(db: Database) {
  const mine = (space: IotSpace, id: string) =>
    and(eq(iotCustomTemplates.spaceKey, spaceKeyOf(space)), eq(iotCustomTemplates.id, id));
  return {
    async list(space: IotSpace, order: 'asc' | 'desc'): Promise<CustomTemplateRow[]> {
      return db
        .select()
        .from(iotCustomTemplates)
        .where(eq(iotCustomTemplates.spaceKey, spaceKeyOf(space)))
        .orderBy(
          order === 'asc' ? asc(iotCustomTemplates.createdAt) : desc(iotCustomTemplates.createdAt),
          asc(iotCustomTemplates.id),
        )
        .limit(1000);
    },

    async find(space: IotSpace, id: string): Promise<CustomTemplateRow | null> {
      const [row] = await db.select().from(iotCustomTemplates).where(mine(space, id));
      return row ?? null;
    },

    async insert(
      space: IotSpace,
      values: {
        id: string;
        sourceId: string;
        name: string;
        description: string;
        content: TemplateContent;
        compatibleBoards: string[];
      },
    ): Promise<CustomTemplateRow> {
      const [row] = await db
        .insert(iotCustomTemplates)
        .values({
          ...values,
          organizationId: space.organizationId,
          ownerUserId: space.ownerUserId,
          spaceKey: spaceKeyOf(space),
        })
        .returning();
      return row as CustomTemplateRow;
    },

    async update(
      space: IotSpace,
      id: string,
      changes: { name?: string; description?: string; imageLinks?: string[] },
    ) {
      const rows = await db
        .update(iotCustomTemplates)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(mine(space, id))
        .returning({ id: iotCustomTemplates.id });
      return rows.length > 0;
    },

    async remove(space: IotSpace, id: string): Promise<boolean> {
      const rows = await db
        .delete(iotCustomTemplates)
        .where(mine(space, id))
        .returning({ id: iotCustomTemplates.id });
      return rows.length > 0;
    },
  };
}
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
