import { indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import type { CompileDiagnostic } from '@tinkercloud/shared';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { editorTheme } from './editor-theme.ts';
import { toLintDiagnostics } from './to-lint-diagnostics.ts';

export interface CodeEditorProps {
  /** The open file's name: each file keeps its own state (text, undo history, selection). */
  fileName: string;
  /**
   * The file's text: what it opens with, and, when it changes from outside (a regenerated thingProperties.h,
   * a save in another tab), what replaces the shown text. The user's own typing comes back here unchanged.
   */
  text: string;
  readOnly: boolean;
  /** The compile diagnostics of this file. */
  diagnostics: readonly CompileDiagnostic[];
  onChange: (fileName: string, text: string) => void;
  /** Moves the cursor to a line (openFile from the build panel); `at` makes the same line count again. */
  goTo?: { line: number; at: number } | undefined;
  label: string;
}

/**
 * CodeMirror 6 with C++ highlighting, bracket matching, search and replace (Mod-F), the usual keys, and the
 * lint gutter for compile diagnostics. Tab indents; Escape then Tab leaves the editor (CodeMirror's rule).
 */
export function CodeEditor({
  fileName,
  text,
  readOnly,
  diagnostics,
  onChange,
  goTo,
  label,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const shown = useRef<string | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  const stateFor = (name: string, text: string, locked: boolean) =>
    states.current.get(name) ??
    EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        cpp(),
        lintGutter(),
        editorTheme,
        EditorState.readOnly.of(locked),
        // An explicit tabindex: axe counts a contenteditable as focusable only with one, and the scroller
        // around it (which scrolls sideways at 360 px) must hold something focusable.
        EditorView.contentAttributes.of({
          'aria-label': label,
          tabindex: '0',
          ...(locked ? { 'aria-readonly': 'true' } : {}),
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(name, update.state.doc.toString());
        }),
      ],
    });

  // One view for the page; opening another file swaps its state in and keeps the one left.
  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({ parent: host.current });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
      shown.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a file's text and lock are read when it first opens
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    if (shown.current === fileName) return;
    if (shown.current) states.current.set(shown.current, v.state);
    v.setState(stateFor(fileName, text, readOnly));
    shown.current = fileName;
  }, [fileName]);

  // A text that differs from the view's came from outside: it replaces the document (undo can bring the old
  // one back). Runs after the swap above, so a file kept aside while it changed shows its new text too.
  useEffect(() => {
    const v = view.current;
    if (!v || shown.current !== fileName || v.state.doc.toString() === text) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
  }, [fileName, text]);

  // The parent hands a new array per open file, so a swapped-in file gets its own diagnostics too.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, toLintDiagnostics(v.state.doc, diagnostics)));
  }, [diagnostics]);

  useEffect(() => {
    const v = view.current;
    if (!v || !goTo) return;
    const line = v.state.doc.line(Math.min(Math.max(goTo.line, 1), v.state.doc.lines));
    v.dispatch({
      selection: { anchor: line.from },
      effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
    });
    v.focus();
  }, [goTo]);

  return <div ref={host} className="code-editor" data-testid="code-editor" />;
}
