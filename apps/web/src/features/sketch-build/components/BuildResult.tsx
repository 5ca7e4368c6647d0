import type { CompileDiagnostic, CompileJob } from '@tinkercloud/shared';
import { isCompileFinished } from '@tinkercloud/shared';
import { jobStatusText, missingLibraryHint, sizeText } from '../model/build-status.ts';

/**
 * The last Verify: where the job is, the program's size on success, each diagnostic as a link to its line
 * (the editor shows them in its gutter too), and the builder's whole output, folded.
 */
export function BuildResult({
  job,
  sketchFiles,
  onOpenFile,
}: {
  job: CompileJob;
  /** The sketch's own files: a diagnostic in one of them opens it; one in a core file is only listed. */
  sketchFiles: ReadonlySet<string>;
  onOpenFile: (file: string, line: number) => void;
}) {
  const finished = isCompileFinished(job.status);
  const libraryHint = missingLibraryHint(job);
  return (
    <div className="build-result" data-status={job.status}>
      <p role="status" className={`build-status build-status-${job.status}`} aria-busy={!finished}>
        {jobStatusText(job)}
      </p>
      {job.status === 'succeeded' && job.size && (
        <p className="build-size" data-testid="build-size">
          {sizeText(job.size)}
        </p>
      )}
      {job.diagnostics.length > 0 && (
        <ul className="build-diagnostics" aria-label="Compiler messages">
          {job.diagnostics.map((d) => (
            <li key={`${d.file}:${d.line}:${d.column}:${d.message}`} data-severity={d.severity}>
              <DiagnosticLine diagnostic={d} ownFile={sketchFiles.has(d.file)} onOpenFile={onOpenFile} />
            </li>
          ))}
        </ul>
      )}
      {libraryHint && <p className="build-hint">{libraryHint}</p>}
      {finished && job.output.trim() !== '' && (
        <details className="build-output">
          <summary>Compiler output</summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
          <pre tabIndex={0}>{job.output}</pre>
        </details>
      )}
    </div>
  );
}

function DiagnosticLine({
  diagnostic: d,
  ownFile,
  onOpenFile,
}: {
  diagnostic: CompileDiagnostic;
  ownFile: boolean;
  onOpenFile: (file: string, line: number) => void;
}) {
  const where = `${d.file}:${d.line}:${d.column}`;
  return (
    <>
      <span className={`badge build-severity-${d.severity}`}>
        {d.severity === 'error' ? 'Error' : 'Warning'}
      </span>{' '}
      {ownFile ? (
        <button type="button" className="link-button" onClick={() => onOpenFile(d.file, d.line)}>
          {where}
        </button>
      ) : (
        <code>{where}</code>
      )}{' '}
      <span className="build-message">{d.message}</span>
    </>
  );
}
