import type { Database } from '../../../db/client.ts';
import { createCompileRepository } from './compile.repository.ts';

/** Compiles a space asked for in the last 24 hours: the plan usage's `create_compilation_day`. */
export function compilationsOfLastDay(
  db: Database,
  space: { organizationId: string } | { userId: string },
  now = new Date(),
): Promise<number> {
  // A space's compiles are all its members'; My Cloud's are its owner's alone.
  const where =
    'organizationId' in space
      ? { organizationId: space.organizationId, ownerUserId: '' }
      : { organizationId: null, ownerUserId: space.userId };
  return createCompileRepository(db).usedSince(where, new Date(now.getTime() - 86_400_000));
}
