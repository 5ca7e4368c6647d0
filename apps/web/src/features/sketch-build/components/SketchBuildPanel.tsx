import { type CompileDiagnostic, isCompileFinished, type Sketch } from '@tinkercloud/shared';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';
import { editorFiles } from '@/features/sketches/model/sketch-files.ts';
import { toast } from '@/lib/toast.tsx';
import { readArtefact } from '../api/compile-api.ts';
import { useBoundDevice } from '../api/use-bound-device.ts';
import { useCompileBoards, useCompileJob, useStartCompile } from '../api/use-compile.ts';
import { canUseWebSerial } from '../usb/web-serial-available.ts';
import { BuildResult } from './BuildResult.tsx';
import { UploadActions } from './UploadActions.tsx';
import { UsbSerialMonitor } from './UsbSerialMonitor.tsx';
import '../sketch-build.css';

// avr8js and the board drawing load only when a sketch is run.
const SimulatedBoard = lazy(() => import('./SimulatedBoard.tsx'));

/**
 * The editor's Build panel: pick a board, Verify (save, then a compile on the server), read its result, then
 * run the program on a simulated board, send it to the bound device, write it over USB or download it.
 */
export function SketchBuildPanel({
  sketch,
  saveBeforeBuild,
  onDiagnostics,
  onOpenFile,
}: {
  sketch: Sketch;
  /** Writes the editor's unsaved files; rejects when a write is refused (its toast says why). */
  saveBeforeBuild: () => Promise<void>;
  onDiagnostics: (diagnostics: CompileDiagnostic[]) => void;
  onOpenFile: (file: string, line: number) => void;
}) {
  const id = useId();
  const s = useSketchesApi();
  const boards = useCompileBoards();
  const device = useBoundDevice(sketch.thing_id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [program, setProgram] = useState<string | null>(null);
  const [webSerial] = useState(canUseWebSerial);
  const start = useStartCompile(sketch);
  const job = useCompileJob(sketch.id, jobId).data;

  const list = boards.data?.boards ?? [];
  // The bound device's board first, when this server builds for it; then the user's choice.
  const fqbn = chosen ?? list.find((b) => b.fqbn === device?.fqbn)?.fqbn ?? list[0]?.fqbn ?? '';
  const board = list.find((b) => b.fqbn === fqbn);
  const finished = job ? isCompileFinished(job.status) : true;

  // The editor shows a finished job's messages in its gutter; a new Verify clears them.
  useEffect(() => {
    if (job && isCompileFinished(job.status)) onDiagnostics(job.diagnostics);
  }, [job, onDiagnostics]);

  const verify = async () => {
    try {
      await saveBeforeBuild();
    } catch {
      return;
    }
    onDiagnostics([]);
    setProgram(null);
    const started = await start.mutateAsync(fqbn).catch(() => null);
    if (started) setJobId(started.id);
  };

  const run = async () => {
    if (!job) return;
    try {
      const artefact = await readArtefact(s, job);
      if (artefact.format === 'hex') setProgram(artefact.text);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const sketchFiles = new Set(editorFiles(sketch).map((f) => f.name));
  const unavailable = boards.data && !boards.data.available;

  return (
    <div className="build-panel">
      <h2 className="build-title">Build</h2>
      <div className="build-toolbar">
        <label className="build-board" htmlFor={`${id}-board`}>
          <span>Board</span>
          <select
            id={`${id}-board`}
            value={fqbn}
            onChange={(event) => setChosen(event.target.value)}
            disabled={list.length === 0}
          >
            {list.length === 0 && (
              <option value="">{boards.isPending ? 'Loading boards…' : 'No board'}</option>
            )}
            {list.map((b) => (
              <option key={b.fqbn} value={b.fqbn}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <Button
          onClick={verify}
          loading={start.isPending || !finished}
          disabled={!fqbn || unavailable}
          aria-describedby={unavailable ? `${id}-hint` : undefined}
        >
          Verify
        </Button>
        {job?.status === 'succeeded' && board?.simulated && (
          <Button variant="subtle" onClick={run}>
            {program ? 'Run again' : 'Run in browser'}
          </Button>
        )}
      </div>
      {unavailable && (
        <p id={`${id}-hint`} className="build-hint">
          Verify needs a compiler on the server. {boards.data?.hint}
        </p>
      )}
      {boards.isError && (
        <p className="field-error">The boards could not be loaded: {boards.error.message}</p>
      )}
      {job && <BuildResult job={job} sketchFiles={sketchFiles} onOpenFile={onOpenFile} />}
      {job?.status === 'succeeded' && <UploadActions job={job} device={device} webSerial={webSerial} />}
      {webSerial && <UsbSerialMonitor />}
      {program && (
        <Suspense fallback={<p className="muted">Loading the simulator…</p>}>
          <SimulatedBoard
            key={program}
            hex={program}
            boardName={board?.name ?? 'Arduino Uno'}
            onClose={() => setProgram(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
