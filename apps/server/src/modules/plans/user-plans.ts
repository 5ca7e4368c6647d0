import type { Database } from '../../db/client.ts';
import { createPlansRepository } from './plans.repository.ts';

/**
 * The plans a user has running, for other modules (the IoT quotas). Takes the caller's transaction, so a lock
 * the caller holds covers the read.
 */
export function activeUserPlans(db: Database, userId: string): Promise<string[]> {
  return createPlansRepository(db).activeUserPlans(userId);
}
