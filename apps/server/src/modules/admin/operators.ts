import { isUuid } from '@tinkercloud/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Whether a user is an operator of this server now (the route gate's `operatorRoute()` check). */
export interface OperatorCheck {
  isOperator(userId: string): Promise<boolean>;
}

/**
 * Read from the database on every admin call, never cached: making or unmaking an operator, or disabling
 * one, takes effect at once on every server process. Admin calls are few; the read is one indexed row.
 */
export function createOperatorCheck(db: Database): OperatorCheck {
  return {
    async isOperator(userId) {
      if (!isUuid(userId)) return false;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isOperator, true), isNull(users.disabledAt)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

/** How the audit log names the admin CLI (the server's local credential: no account behind it). */
export const LOCAL_OPERATOR_LABEL = 'admin CLI';

/**
 * The actor of an admin request's audit entry: the operator's account, or for the admin CLI (`actor.local`,
 * auth/local-credential.ts) no account (`actorId` null) and the label 'admin CLI'.
 */
export function auditActorOf(actor: { userId: string; local?: true } | null): {
  actorId: string | null;
  actorLabel?: string;
} {
  if (!actor) return { actorId: null };
  return actor.local ? { actorId: null, actorLabel: LOCAL_OPERATOR_LABEL } : { actorId: actor.userId };
}
