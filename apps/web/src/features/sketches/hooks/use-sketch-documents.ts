import { useQueries } from '@tanstack/react-query';
import type { Sketch, SketchFileEntry } from '@tinkercloud/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { sketchFileQueryOptions } from '../api/sketches.ts';
import type { ChangedFile } from '../api/use-editor-writes.ts';
import { useSketchesApi } from '../api/use-sketches-api.ts';
import { base64ToText } from '../model/base64.ts';
import { editorFiles } from '../model/sketch-files.ts';

export interface SketchDocuments {
  files: SketchFileEntry[];
  /** Each file's text as saved on the server; undefined while it loads. */
  saved: Record<string, string | undefined>;
  /** What the editor shows: the edit if any, else the saved text. */
  textOf: (name: string) => string | undefined;
  /** Files whose edit differs from what is saved. */
  dirty: Set<string>;
  changedFiles: () => ChangedFile[];
  edit: (name: string, text: string) => void;
  /** Carries an edit over a rename; drops it with a delete (`to` null). */
  moveEdit: (from: string, to: string | null) => void;
  isPending: boolean;
  error: Error | null;
}

/**
 * The sketch's files with their contents (all read at once: sketches are a few small files, and Save must
 * know every change) and the user's edits beside them. A file is unsaved while its edit differs from what
 * the server holds, so typing back the saved text makes it clean again, and a save that lands marks it
 * clean without any bookkeeping (the write puts the saved text in the cache).
 */
export function useSketchDocuments(sketch: Sketch): SketchDocuments {
  const s = useSketchesApi();
  const files = useMemo(() => editorFiles(sketch), [sketch]);
  const queries = useQueries({
    queries: files.map((f) => sketchFileQueryOptions(s, sketch.id, f.name, f.path)),
  });
  const [edits, setEdits] = useState<Record<string, string>>({});

  const datas = queries.map((q) => q.data?.data);
  const key = files.map((f, i) => `${f.name}:${datas[i] ?? ''}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names every file's content
  const saved = useMemo(() => {
    const out: Record<string, string | undefined> = {};
    files.forEach((f, i) => {
      const data = datas[i];
      out[f.name] = data === undefined ? undefined : base64ToText(data);
    });
    return out;
  }, [key]);

  const dirty = useMemo(
    () =>
      new Set(
        files
          .filter((f) => edits[f.name] !== undefined && edits[f.name] !== saved[f.name] && !f.read_only)
          .map((f) => f.name),
      ),
    [files, edits, saved],
  );

  // An "edit" that is the saved text (the editor echoing a file as it opens, or a change typed back) is no
  // edit: it is dropped, so a newer saved text (a regenerated thingProperties.h) shows instead of a stale copy.
  // Read-only files never hold one.
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const readOnly = useMemo(() => new Set(files.filter((f) => f.read_only).map((f) => f.name)), [files]);
  const edit = useCallback(
    (name: string, text: string) =>
      setEdits((e) => {
        if (readOnly.has(name) || text === savedRef.current[name]) {
          if (e[name] === undefined) return e;
          const { [name]: _dropped, ...rest } = e;
          return rest;
        }
        return { ...e, [name]: text };
      }),
    [readOnly],
  );
  const moveEdit = useCallback((from: string, to: string | null) => {
    setEdits((e) => {
      const { [from]: moved, ...rest } = e;
      return to && moved !== undefined ? { ...rest, [to]: moved } : rest;
    });
  }, []);

  return {
    files,
    saved,
    textOf: (name) => edits[name] ?? saved[name],
    dirty,
    changedFiles: () =>
      files
        .filter((f) => dirty.has(f.name))
        .map((f) => ({ name: f.name, path: f.path, text: edits[f.name] ?? '' })),
    edit,
    moveEdit,
    isPending: queries.some((q) => q.isPending),
    error: queries.find((q) => q.error)?.error ?? null,
  };
}
