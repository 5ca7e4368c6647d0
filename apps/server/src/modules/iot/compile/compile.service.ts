import type { CompileBoards, CompileJob } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { type CompileJobView, createCompileRepository } from './compile.repository.ts';
import { createCompileQueue } from './compile-queue.ts';
import { runCompile, type SketchToCompile } from './run-compile.ts';
import { sandboxed } from './sandbox.ts';
import { boardFor, boardsOf, type CompileSettings, findExecutable, INSTALL_HINT } from './toolchain.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface CompileServiceDeps {
  db: Database;
  resolve: SpaceResolver;
  quotas: Pick<IotQuotas, 'limitsFor'>;
  settings: CompileSettings;
  /** The sketch as stored (its name and files), or null when the space has none of that id. */
  loadSketch: (space: IotSpace, id: string) => Promise<SketchToCompile | null>;
  /** The sketch's secrets, written to `arduino_secrets.h` when the sketch has no such file. */
  loadSecrets: (space: IotSpace, sketchId: string) => Promise<{ name: string; value: string }[]>;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

/** What is installed: the builder and the sandbox; null with the reason when a part is missing. */
function detectToolchain(settings: CompileSettings) {
  const builder = findExecutable(settings.builder);
  const bwrap = findExecutable('bwrap');
  const isRoot = process.getuid?.() === 0;
  const setpriv = isRoot ? findExecutable('setpriv') : null;
  if (!builder || !bwrap || (isRoot && !setpriv)) return null;
  return { builder, bwrap, setpriv, isRoot };
}

function jobOf(row: CompileJobView, livePosition: number | undefined): CompileJob {
  const position = row.status === 'queued' ? (livePosition ?? row.queuePosition ?? undefined) : undefined;
  return {
    id: row.id,
    sketch_id: row.sketchId,
    fqbn: row.fqbn,
    status: row.status,
    ...(position !== undefined && { queue_position: position }),
    created_at: row.createdAt.toISOString(),
    ...(row.startedAt && { started_at: row.startedAt.toISOString() }),
    ...(row.finishedAt && { finished_at: row.finishedAt.toISOString() }),
    output: row.output,
    diagnostics: row.diagnostics,
    ...(row.size && { size: row.size }),
    ...(row.artefactName &&
      row.artefactFormat &&
      row.artefactBytes !== null && {
        artefact: { name: row.artefactName, bytes: row.artefactBytes, format: row.artefactFormat },
      }),
  };
}

/**
 * Compiles of sketches (issue 26 item 5): the boards this server builds for, jobs queued and run in the
 * sandbox, their state and artefact kept in the database for an hour, within the plan's daily limit.
 */
export function createCompileService(deps: CompileServiceDeps) {
  const repo = createCompileRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const { settings } = deps;
  const toolchain = detectToolchain(settings);
  const boards = toolchain ? boardsOf(settings) : [];
  const readOnlyDirs = [...settings.hardwareDirs, ...settings.toolsDirs, ...(settings.librariesDirs ?? [])];
  const queue = createCompileQueue({
    concurrency: settings.concurrency,
    moved: (positions) => {
      repo.setPositions(positions).catch((e) => deps.logger?.warn({ err: e }, 'compile queue positions'));
    },
  });
  // Jobs and their artefacts go an hour after they were made; the uses a day after (the daily limit).
  const prune = () =>
    repo
      .prune(new Date(now().getTime() - HOUR), new Date(now().getTime() - DAY))
      .catch((e) => deps.logger?.warn({ err: e }, 'compile jobs cleanup'));
  const pruneTimer = setInterval(prune, 10 * 60_000);
  // Closing stops running builds at once rather than waiting for them (up to the time limit).
  const closing = new AbortController();
  pruneTimer.unref();

  async function run(
    id: string,
    sketch: SketchToCompile,
    secrets: { name: string; value: string }[],
    fqbn: string,
  ) {
    if (!toolchain) return;
    await repo.update(id, { status: 'running', startedAt: now(), queuePosition: null });
    try {
      const result = await runCompile({
        settings,
        builder: toolchain.builder,
        sandbox: (jobDir, command, args) =>
          sandboxed({
            bwrap: toolchain.bwrap,
            setpriv: toolchain.setpriv,
            isRoot: toolchain.isRoot,
            jobDir,
            readOnlyDirs,
            command,
            args,
          }),
        sketch,
        secrets,
        fqbn,
        signal: closing.signal,
      });
      await repo.update(id, {
        status: result.status,
        finishedAt: now(),
        output: result.output,
        diagnostics: result.diagnostics,
        size: result.size ?? null,
        artefactName: result.artefact?.name ?? null,
        artefactFormat: result.artefact?.format ?? null,
        artefact: result.artefact?.data ?? null,
      });
    } catch (e) {
      deps.logger?.error({ err: e, job: id }, 'compile job failed to run');
      await repo.update(id, {
        status: 'failed',
        finishedAt: now(),
        output: 'The compile could not be run.\n',
      });
    }
  }

  return {
    boards(): CompileBoards {
      if (!toolchain) return { available: false, hint: INSTALL_HINT, boards: [] };
      return { available: true, boards };
    },

    async compile(ref: SpaceRequest, sketchId: string, fqbn: string): Promise<CompileJob> {
      const space = await deps.resolve(ref, 'iot.write');
      if (!toolchain) throw new AppError('service_unavailable', INSTALL_HINT);
      const sketch = await deps.loadSketch(space, sketchId);
      if (!sketch) throw notFound('Sketch');
      const board = boardFor(boards, fqbn);
      if (!board) {
        const known = boards.map((b) => b.fqbn).join(', ');
        throw new AppError('validation_error', `body/fqbn: this server builds for ${known} only`);
      }
      const { limits } = await deps.quotas.limitsFor(deps.db, space);
      const limit = limits.create_compilation_day;
      if (limit !== null) {
        const used = await repo.usedSince(space, new Date(now().getTime() - DAY));
        if (used >= limit) {
          throw new AppError(
            'precondition_failed',
            `The plan allows ${limit} compiles a day and all ${used} were used in the last 24 hours: try again later or upgrade the plan.`,
          );
        }
      }
      await prune();
      const secrets = await deps.loadSecrets(space, sketchId);
      const row = await repo.insert({
        organizationId: space.organizationId,
        ownerUserId: space.ownerUserId,
        userId: space.actorId,
        sketchId,
        fqbn: board.fqbn,
      });
      const position = queue.add({
        id: row.id,
        userId: space.actorId,
        run: () => run(row.id, sketch, secrets, board.fqbn),
      });
      // The answer is the job as stored: queued, with its position while it waits; one that started at once
      // shows no position (GET tells when it is running).
      return jobOf({ ...row, artefactBytes: null }, position);
    },

    async job(ref: SpaceRequest, id: string): Promise<CompileJob> {
      const space = await deps.resolve(ref, 'iot.read');
      const row = await repo.find(space, id);
      if (!row) throw notFound('Compilation');
      return jobOf(row, queue.position(id));
    },

    async artefact(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const a = await repo.artefact(space, id);
      if (!a?.data || !a.name) throw notFound('Artefact');
      return { name: a.name, format: a.format ?? 'bin', data: a.data };
    },

    /** Stops the running builds (cancelled) and marks the waiting jobs cancelled: no process will run them. */
    async close() {
      clearInterval(pruneTimer);
      closing.abort();
      const left = await queue.close();
      await repo.cancel(
        left.map((j) => j.id),
        now(),
      );
    },
  };
}
export type CompileService = ReturnType<typeof createCompileService>;
