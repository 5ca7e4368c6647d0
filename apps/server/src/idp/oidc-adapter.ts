import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';

type Row = typeof oidcPayloads.$inferSelect;

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

function toPayload(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = { ...row.payload } as AdapterPayload;
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

/**
 * oidc-provider storage over the oidc_payloads table: sessions, interactions, grants, codes and refresh
 * tokens survive restarts and are shared by every server process. One adapter instance per model name.
 */
export function createOidcAdapter(db: Database) {
  return (model: string): Adapter => {
    const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));
    const findOne = async (condition: ReturnType<typeof eq>) =>
      toPayload(
        (
          await db
            .select()
            .from(oidcPayloads)
            .where(and(eq(oidcPayloads.type, model), condition, notExpired))
            .limit(1)
        )[0],
      );

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt =
          typeof expiresIn === 'number' && expiresIn > 0
            ? sql`now() + make_interval(secs => ${expiresIn})`
            : null;
        const columns = {
          payload: payload as Record<string, unknown>,
          grantId: str(payload.grantId),
          userCode: str(payload.userCode),
          uid: str(payload.uid),
          expiresAt,
        };
        await db
          .insert(oidcPayloads)
          .values({ type: model, id, ...columns })
          .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: columns });
      },
      find: (id) => findOne(eq(oidcPayloads.id, id)),
      findByUid: (uid) => findOne(eq(oidcPayloads.uid, uid)),
      findByUserCode: (userCode) => findOne(eq(oidcPayloads.userCode, userCode)),
      async consume(id) {
        await db
          .update(oidcPayloads)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(oidcPayloads.type, model), eq(oidcPayloads.id, id)));
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, model), eq(oidcPayloads.id, id)));
      },
      async revokeByGrantId(grantId) {
        await db
          .delete(oidcPayloads)
          .where(and(eq(oidcPayloads.type, model), eq(oidcPayloads.grantId, grantId)));
      },
    };
  };
}

/** Deletes expired rows of every model; returns how many went. */
export async function purgeExpiredOidcPayloads(db: Database): Promise<number> {
  const rows = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return rows.length;
}
