import type { AuditEntry, AuditQuery } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type AuditRow, createAuditRepository, type NewAuditEntry } from './audit.repository.ts';

export type { NewAuditEntry } from './audit.repository.ts';

/** How long entries are kept by default (`AUDIT_RETENTION_DAYS`). */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;

export interface AuditLog {
  /**
   * Records one entry. Inside a transaction (`tx`) it commits or rolls back with the change it describes, and
   * a failure fails the change; outside, a failure to record is logged and never fails the action itself
   * (which has happened already).
   */
  record(entry: NewAuditEntry, tx?: Database): Promise<void>;
  page(query: AuditQuery): Promise<{ entries: AuditEntry[]; next_before?: number }>;
  purge(now?: Date): Promise<number>;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor_id: row.actorId,
  actor_label: row.actorLabel,
  action: row.action as AuditEntry['action'],
  target_type: row.targetType,
  target_id: row.targetId,
  target_label: row.targetLabel,
  ip: row.ip,
  details: row.details,
});

/** The audit log of operator actions and security-relevant user actions (issue 27), stored in the database. */
export function createAuditLog(deps: {
  db: Database;
  retentionDays?: number;
  logger?: Pick<FastifyBaseLogger, 'error'>;
}): AuditLog {
  const repo = createAuditRepository(deps.db);
  const retentionDays = deps.retentionDays ?? AUDIT_RETENTION_DAYS_DEFAULT;
  return {
    async record(entry, tx) {
      if (tx) return repo.insert(entry, tx);
      try {
        await repo.insert(entry);
      } catch (err) {
        deps.logger?.error({ err, action: entry.action }, 'audit entry not recorded');
      }
    },
    async page(query) {
      const rows = await repo.page(query);
      const entries = rows.slice(0, query.limit).map(toEntry);
      const last = entries.at(-1);
      return rows.length > query.limit && last ? { entries, next_before: last.id } : { entries };
    },
    purge: (now = new Date()) => repo.purgeBefore(new Date(now.getTime() - retentionDays * 86_400_000)),
  };
}
