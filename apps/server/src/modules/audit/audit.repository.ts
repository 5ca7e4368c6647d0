import { type AuditAction, type AuditQuery, isUuid } from '@tinkercloud/shared';
import { and, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface NewAuditEntry {
  action: AuditAction;
  actorId?: string | null;
  /** The actor as a person reads it (username), kept after the account is gone; default: its username. */
  actorLabel?: string;
  /** `user` for an account (its label defaults to the username), `space`, `api_key`, ... */
  targetType?: string;
  targetId?: string;
  targetLabel?: string;
  ip?: string;
  details?: Record<string, unknown>;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A label given, else the username of the account the id names, read in the insert itself (no extra round
 * trip), else empty: the entry keeps the name after the account is gone.
 */
const labelOf = (given: string | undefined, userId: string | null | undefined) =>
  given
    ? given
    : userId && isUuid(userId)
      ? sql`coalesce((select ${users.username} from ${users} where ${users.id} = ${userId}), '')`
      : '';

/** The audit log's SQL: one insert per entry, pages newest first by id, and the purge of old entries. */
export function createAuditRepository(db: Database) {
  return {
    async insert(entry: NewAuditEntry, tx: Database = db): Promise<void> {
      await tx.insert(auditLog).values({
        action: entry.action,
        actorId: entry.actorId ?? null,
        actorLabel: labelOf(entry.actorLabel, entry.actorId),
        targetType: entry.targetType ?? '',
        targetId: entry.targetId ?? '',
        targetLabel: labelOf(entry.targetLabel, entry.targetType === 'user' ? entry.targetId : null),
        ip: entry.ip ?? '',
        details: entry.details ?? {},
      });
    },

    /** One page plus one row, so the caller knows whether another page follows. */
    async page(query: AuditQuery): Promise<AuditRow[]> {
      const where: SQL[] = [];
      if (query.action) where.push(eq(auditLog.action, query.action));
      if (query.from) where.push(gte(auditLog.at, new Date(query.from)));
      if (query.to) where.push(lte(auditLog.at, new Date(query.to)));
      if (query.before) where.push(lt(auditLog.id, query.before));
      if (query.who) {
        const like = `%${escapeLike(query.who)}%`;
        const who = or(
          ilike(auditLog.actorLabel, like),
          ilike(auditLog.targetLabel, like),
          eq(auditLog.targetId, query.who),
          ...(isUuid(query.who) ? [eq(auditLog.actorId, query.who)] : []),
        );
        if (who) where.push(who);
      }
      return db
        .select()
        .from(auditLog)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(query.limit + 1);
    },

    /** Entries older than the cut-off go (the log's retention). */
    async purgeBefore(cutoff: Date): Promise<number> {
      const gone = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
      return gone.length;
    },
  };
}
