import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, notFound } from '../../../errors.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { IotSpace } from '../common/space.ts';
import { checkFileCount } from './sketch-content.ts';
import { bytesOf, createSketchesRepository, type SketchRow, type StoredFile } from './sketches.repository.ts';

const nameTaken = (name: string) =>
  new AppError('conflict', `A sketch named "${name}" already exists in this space (or in its trash).`);

/**
 * Every write of a sketch's files goes through here: in one transaction the sketch row is locked, the new
 * files are checked (count, then the space's disk quota under the per-space lock of quotas.ts) and written,
 * so a refused write leaves nothing behind and two writers cannot both slip under the quota.
 */
export function createSketchWrites(deps: { db: Database; quotas: Pick<IotQuotas, 'requireSketchDisk'> }) {
  async function guarded<T>(work: () => Promise<T>, name: () => string | undefined): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const taken = name();
      if (taken !== undefined && isUniqueViolation(err)) throw nameTaken(taken);
      throw err;
    }
  }

  return {
    /** Inserts a sketch (and its secrets) after the quota check. */
    async insert(
      space: IotSpace,
      values: Omit<Parameters<ReturnType<typeof createSketchesRepository>['insert']>[0], 'bytes'>,
      secrets: readonly { name: string; value: string }[] = [],
    ): Promise<SketchRow> {
      checkFileCount(values.files.length);
      return guarded(
        () =>
          inTransaction(deps.db, async (tx) => {
            const repo = createSketchesRepository(tx);
            await deps.quotas.requireSketchDisk(tx, space, bytesOf(values.files), () =>
              repo.spaceBytes(space),
            );
            const row = await repo.insert(values);
            if (secrets.length > 0) await repo.putSecrets(row.id, secrets);
            return row;
          }),
        () => values.name,
      );
    },

    /**
     * Changes a sketch: `change` gets the locked row (and the transaction, to read what the files follow) and
     * answers its new files (and name), or null for no change. `quota: false` (no file count, no disk quota) is
     * for the server's own regeneration of a thing's code, which must follow the thing whatever the usage.
     */
    async change(
      space: IotSpace,
      sketchId: string,
      change: (
        s: SketchRow,
        tx: Database,
      ) =>
        | { files: StoredFile[]; name?: string }
        | null
        | Promise<{ files: StoredFile[]; name?: string } | null>,
      opts: { quota?: boolean } = {},
    ): Promise<SketchRow | null> {
      let newName: string | undefined;
      return guarded(
        () =>
          inTransaction(deps.db, async (tx) => {
            const repo = createSketchesRepository(tx);
            const row = await repo.lock(sketchId);
            // Callers found it in the space; checked again under the lock (it may have moved to the trash).
            const inSpace =
              row?.organizationId === space.organizationId &&
              (space.organizationId !== null || row?.ownerUserId === space.ownerUserId);
            if (!row || row.deletedAt || !inSpace) throw notFound('Sketch');
            const next = await change(row, tx);
            if (!next) return null;
            newName = next.name;
            if (opts.quota !== false) {
              checkFileCount(next.files.length);
              await deps.quotas.requireSketchDisk(tx, space, bytesOf(next.files) - row.bytes, () =>
                repo.spaceBytes(space),
              );
            }
            await repo.update(row.id, { files: next.files, ...(next.name && { name: next.name }) });
            return { ...row, files: next.files, name: next.name ?? row.name, bytes: bytesOf(next.files) };
          }),
        () => newName,
      );
    },
  };
}
export type SketchWrites = ReturnType<typeof createSketchWrites>;
