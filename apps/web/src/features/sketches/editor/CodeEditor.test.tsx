import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { render, screen } from '@testing-library/react';
import type { CompileDiagnostic } from '@tinkercloud/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileTabs } from '../components/FileTabs.tsx';
import { CodeEditor } from './CodeEditor.tsx';

// CodeMirror measures text through ranges, which jsdom does not lay out.
beforeAll(() => {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects ??= () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const text = 'void setup() {\n  pinMode(13)\n}\n\nvoid loop() {\n}\n';
const missingSemicolon: CompileDiagnostic = {
  file: 'Blink.ino',
  line: 2,
  column: 14,
  severity: 'error',
  message: "expected ';' before '}' token",
};
const view = () => {
  const el = document.querySelector('.cm-content');
  const found = el && EditorView.findFromDOM(el as HTMLElement);
  if (!found) throw new Error('no editor');
  return found;
};
const props = {
  fileName: 'Blink.ino',
  text,
  readOnly: false,
  onChange: () => undefined,
  label: 'Blink.ino',
};

describe('the build panel seam', () => {
  it("shows a file's compile diagnostics in the lint gutter at their line and column", () => {
    render(<CodeEditor {...props} diagnostics={[missingSemicolon]} />);
    const shown: { from: number; message: string }[] = [];
    forEachDiagnostic(view().state, (d, from) => shown.push({ from, message: d.message }));
    expect(shown).toEqual([{ from: view().state.doc.line(2).from + 13, message: missingSemicolon.message }]);
    expect(document.querySelector('.cm-lint-marker-error')).toBeTruthy();
  });

  it('openFile moves the cursor to the line asked for', () => {
    const { rerender } = render(<CodeEditor {...props} diagnostics={[]} />);
    rerender(<CodeEditor {...props} diagnostics={[]} goTo={{ line: 5, at: 1 }} />);
    expect(view().state.selection.main.head).toBe(view().state.doc.line(5).from);
  });

  it('counts errors on the tabs', () => {
    const file = { path: '', type: 'file' as const, mimetype: 'text/plain', size: 1, modified_at: '' };
    render(
      <FileTabs
        files={[
          { ...file, name: 'Blink.ino' },
          { ...file, name: 'led.h' },
        ]}
        open="Blink.ino"
        dirty={new Set(['led.h'])}
        errors={{ 'Blink.ino': 2 }}
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Blink.ino, 2 errors' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'led.h, unsaved changes' })).toBeTruthy();
  });
});
