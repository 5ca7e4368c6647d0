import { Text } from '@codemirror/state';
import type { CompileDiagnostic } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { diagnosticsOf, errorCounts, toLintDiagnostics } from './to-lint-diagnostics.ts';

const d = (file: string, line: number, column: number, severity: 'error' | 'warning' = 'error') =>
  ({ file, line, column, severity, message: `${file}:${line}` }) satisfies CompileDiagnostic;

describe('compile diagnostics in the editor', () => {
  const all = [
    d('/tmp/build/Blink.ino', 2, 3),
    d('Blink.ino', 9, 1, 'warning'),
    d('led.h', 1, 1),
    d('Wire.h', 4, 2),
  ];

  it("picks a file's diagnostics by name, whatever path the builder gave", () => {
    expect(diagnosticsOf(all, 'Blink.ino').map((x) => x.line)).toEqual([2, 9]);
    expect(errorCounts(all)).toEqual({ 'Blink.ino': 1, 'led.h': 1, 'Wire.h': 1 });
  });

  it('turns 1-based line and column into a range, clamped to the document', () => {
    const doc = Text.of(['void setup() {', '  pinMode(13);', '}']);
    const [first, clamped] = toLintDiagnostics(doc, diagnosticsOf(all, 'Blink.ino'));
    expect(first).toMatchObject({ from: 15 + 2, to: 15 + 14, severity: 'error' });
    // Line 9 of a 3-line file (edited since the build) lands on the last line.
    expect(clamped).toMatchObject({ from: 30, to: 31, severity: 'warning' });
  });
});
