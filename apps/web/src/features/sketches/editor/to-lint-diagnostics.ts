import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { CompileDiagnostic } from '@tinkercloud/shared';

/** `src/Blink.ino` or `/tmp/build/Blink.ino` → `Blink.ino`: a builder may name a file by its path. */
const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file;

/** The compile diagnostics about one file of the sketch. */
export const diagnosticsOf = (all: readonly CompileDiagnostic[], fileName: string) =>
  all.filter((d) => baseName(d.file) === fileName);

/** Errors per file name, for the tabs' counts. */
export function errorCounts(all: readonly CompileDiagnostic[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of all) {
    if (d.severity !== 'error') continue;
    const name = baseName(d.file);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/**
 * A builder's 1-based line and column as a range CodeMirror's lint gutter shows: from the column to the end
 * of its line, clamped to the document (the file may have changed since the build).
 */
export function toLintDiagnostics(doc: Text, diagnostics: readonly CompileDiagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => {
    const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
    const from = line.from + Math.min(Math.max(d.column - 1, 0), line.length);
    return { from, to: Math.max(from, line.to), severity: d.severity, message: d.message };
  });
}
