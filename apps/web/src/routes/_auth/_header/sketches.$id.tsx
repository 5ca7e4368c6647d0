import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { CompileDiagnostic } from '@tinkercloud/shared';
import { useCallback, useRef, useState } from 'react';
import { NotFound } from '@/components/NotFound.tsx';
import { Page } from '@/components/Page.tsx';
import { useLiveUpdates } from '@/features/iot/live/use-live-updates.ts';
import { SketchBuildPanel } from '@/features/sketch-build/components/SketchBuildPanel.tsx';
import { sketchQueryOptions } from '@/features/sketches/api/sketches.ts';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';
import { SketchEditor, type SketchEditorHandle } from '@/features/sketches/components/SketchEditor.tsx';
import { loadOrNotFound } from '@/lib/load-or-not-found.ts';
import { requireAccess } from '@/lib/route-guards.ts';
import { HeaderPortal } from '@/shell/header-portal.tsx';

/** A sketch in the editor (a lazy chunk: CodeMirror loads only here). */
export const Route = createFileRoute('/_auth/_header/sketches/$id')({
  staticData: { title: 'Sketch' },
  beforeLoad: requireAccess('sketches'),
  loader: ({ context, params }) =>
    loadOrNotFound('Sketch', () =>
      context.queryClient.ensureQueryData(
        sketchQueryOptions(
          { api: context.api, config: context.config, space: context.spaces.selected().id },
          params.id,
        ),
      ),
    ),
  notFoundComponent: NotFound,
  component: SketchPage,
});

function SketchPage() {
  const { id } = Route.useParams();
  const s = useSketchesApi();
  const { data: sketch } = useSuspenseQuery(sketchQueryOptions(s, id));
  // A regenerated thingProperties.h (sketches.updated) and the bound device's status arrive as they change.
  useLiveUpdates();
  const editor = useRef<SketchEditorHandle>(null);
  // Set by the build panel (Verify), shown by the editor in its gutter and on its tabs.
  const [diagnostics, setDiagnostics] = useState<CompileDiagnostic[]>([]);
  const saveBeforeBuild = useCallback(() => editor.current?.saveAll() ?? Promise.resolve(), []);
  const openFile = useCallback((file: string, line: number) => editor.current?.openFile(file, line), []);
  return (
    <Page title={sketch.name}>
      <HeaderPortal>
        <Link to="/sketches/" className="button button-subtle">
          All sketches
        </Link>
      </HeaderPortal>
      {sketch.thing_id && (
        <p className="muted">
          The sketch of a thing:{' '}
          <Link to="/things/$id/" params={{ id: sketch.thing_id }}>
            open the thing
          </Link>
        </p>
      )}
      <div className="sketch-workspace">
        <SketchEditor ref={editor} sketch={sketch} diagnostics={diagnostics} />
        <section aria-label="Build" className="sketch-build">
          <SketchBuildPanel
            sketch={sketch}
            saveBeforeBuild={saveBeforeBuild}
            onDiagnostics={setDiagnostics}
            onOpenFile={openFile}
          />
        </section>
      </div>
    </Page>
  );
}
