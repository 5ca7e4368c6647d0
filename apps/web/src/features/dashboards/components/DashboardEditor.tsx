import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import GridLayout, { type Layout, type LayoutItem, noCompactor, useContainerWidth } from 'react-grid-layout';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { WidgetCard } from '@/features/iot/components/widgets/WidgetCard.tsx';
import { useLinkedValues } from '@/features/iot/live/use-linked-values.ts';
import { UnsavedChangesGuard } from '@/features/sketches/components/UnsavedChangesGuard.tsx';
import { thingsWithPropertiesQueryOptions } from '@/features/things/api/things.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import type { Dashboard } from '../api/dashboard-schemas.ts';
import { updateDashboard } from '../api/dashboard-writes.ts';
import { useWindowLayoutMode } from '../hooks/use-window-layout-mode.ts';
import {
  afterGesture,
  COLUMNS,
  cellsOf,
  type EditorWidget,
  type LayoutMode,
  newWidget,
  nudgeForKey,
  nudgeWidget,
  removeWidget,
  replaceWidget,
  toEditorWidgets,
  toWidgetPayload,
} from '../model/editor-widgets.ts';
import { canUndo, commit, commitSince, startHistory, undo } from '../model/history.ts';
import { GRID_GAP, ROW_HEIGHT } from '../model/layout-mode.ts';
import { spaceVariables } from '../model/space-variables.ts';
import { WIDGET_KINDS, widgetKindOf } from '../model/widget-kinds.ts';
import { EditorItemTools } from './EditorItemTools.tsx';
import { WidgetConfigDialog } from './WidgetConfigDialog.tsx';
import 'react-grid-layout/css/styles.css';

interface DashboardEditorProps {
  dashboard: Dashboard;
  /** Leaves the editor (after saving, or to drop the changes). */
  onClose: () => void;
}

const toCell = ({ i, x, y, w, h }: LayoutItem) => ({ i, x, y, w, h });
/** What a save would write, to tell unsaved changes from none (an undo back to the start is none). */
const savedForm = (widgets: readonly EditorWidget[]) => JSON.stringify(toWidgetPayload(widgets));

/**
 * The dashboard editor (loaded only when a maker edits, with the grid library): add widgets from the palette,
 * drag them by their Move button or move them with arrow keys on it, resize them by the corner or Shift+arrows,
 * configure, delete, undo; desktop and phone layouts are edited apart. Save writes everything in one call.
 */
export default function DashboardEditor({ dashboard, onClose }: DashboardEditorProps) {
  const ctx = useIotContext();
  const queryClient = useQueryClient();
  const things = useQuery(thingsWithPropertiesQueryOptions(ctx.api, ctx.config, ctx.space));
  const variables = spaceVariables(things.data ?? []);
  const [history, setHistory] = useState(() =>
    startHistory<readonly EditorWidget[]>(toEditorWidgets(dashboard.widgets ?? [])),
  );
  // The layout that fits the window first: on a phone, the phone layout.
  const [mode, setMode] = useState<LayoutMode>(useWindowLayoutMode());
  const [configuring, setConfiguring] = useState<string | null>(null);
  // A widget being added: in the list only once its dialog is applied, so Cancel or Escape adds nothing.
  const [draft, setDraft] = useState<EditorWidget | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [saved] = useState(() => savedForm(history.present));
  const { width, containerRef, mounted } = useContainerWidth();
  const widgets = history.present;
  const unsaved = savedForm(widgets) !== saved;
  const currentOf = useLinkedValues(
    ctx.space,
    widgets.flatMap((w) => w.variables),
    false,
  );

  const change = (next: readonly EditorWidget[]) => setHistory((h) => commit(h, next));
  // The widgets as a drag or resize found them: that gesture is one undo step back to them.
  const beforeGesture = useRef<readonly EditorWidget[]>(widgets);
  const startGesture = () => {
    beforeGesture.current = widgets;
  };
  const endGesture = (layout: Layout, _before: LayoutItem | null, moved: LayoutItem | null) =>
    setHistory((h) =>
      commitSince(
        h,
        beforeGesture.current,
        afterGesture(h.present, layout.map(toCell), moved && toCell(moved), mode),
      ),
    );
  const save = useApiMutation({
    mutationFn: () => updateDashboard(ctx, dashboard.id, { widgets: toWidgetPayload(widgets) }),
    successMessage: 'Dashboard saved',
    invalidates: [iotKeys.dashboards(ctx.space)],
    onSuccess: (saved) => {
      queryClient.setQueryData(iotKeys.dashboard(ctx.space, dashboard.id), saved);
      onClose();
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const nudge = nudgeForKey(event.key, event.shiftKey);
    if (!nudge) return;
    event.preventDefault();
    // From the latest widgets, not this render's: keys pressed quickly must not undo each other.
    setHistory((h) => commit(h, nudgeWidget(h.present, id, mode, nudge)));
  };

  const configured = draft ?? widgets.find((w) => w.id === configuring);
  const configuredKind = configured && widgetKindOf(configured.type);

  return (
    <section className="dashboard-editor" aria-label="Dashboard editor">
      <div className="dashboard-toolbar" role="toolbar" aria-label="Editor">
        <fieldset className="segmented">
          <legend className="visually-hidden">Layout</legend>
          {(['desktop', 'mobile'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={`button ${mode === m ? '' : 'button-subtle'}`}
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === 'desktop' ? 'Desktop layout' : 'Phone layout'}
            </button>
          ))}
        </fieldset>
        <span className="spacer" />
        <button
          type="button"
          className="button button-subtle"
          disabled={!canUndo(history)}
          onClick={() => setHistory(undo)}
        >
          Undo
        </button>
        <button
          type="button"
          className="button button-subtle"
          onClick={() => (unsaved ? setDiscarding(true) : onClose())}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button"
          disabled={save.isPending}
          aria-busy={save.isPending}
          onClick={() => save.mutate()}
        >
          Save
        </button>
      </div>
      <section aria-label="Add a widget">
        <ul className="dashboard-palette">
          {WIDGET_KINDS.map((kind) => (
            <li key={kind.type}>
              <button
                type="button"
                className="button button-subtle"
                onClick={() => setDraft(newWidget(widgets, kind, crypto.randomUUID()))}
              >
                Add {kind.label}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <p className="muted">
        Each widget has Move, Configure and Delete buttons above it. Drag a widget by Move or focus Move and
        use the arrow keys; resize it by its corner or with Shift+arrows.
      </p>
      <div className="dashboard-editor-canvas" data-layout={mode} ref={containerRef}>
        {mounted && (
          <GridLayout
            width={width}
            layout={cellsOf(widgets, mode)}
            gridConfig={{ cols: COLUMNS[mode], rowHeight: ROW_HEIGHT, margin: [GRID_GAP, GRID_GAP] }}
            dragConfig={{ handle: '.dashboard-editor-handle' }}
            compactor={noCompactor}
            // No onLayoutChange: the grid reports layouts it computed while measuring its width, which
            // could overwrite a keyboard move made meanwhile. Gestures report where they end instead.
            onDragStart={startGesture}
            onResizeStart={startGesture}
            onDragStop={endGesture}
            onResizeStop={endGesture}
          >
            {widgets.map((widget) => (
              <div key={widget.id} className="dashboard-editor-item" data-testid="editor-widget">
                <WidgetCard
                  widget={widget}
                  variables={widget.variables}
                  currentOf={currentOf}
                  space={ctx.space}
                  canWrite={false}
                  range="LIVE"
                  streaming={false}
                />
                <EditorItemTools
                  label={widget.name || widget.type}
                  onKeyDown={(event) => onKeyDown(event, widget.id)}
                  onConfigure={() => setConfiguring(widget.id)}
                  onDelete={() => change(removeWidget(widgets, widget.id))}
                />
              </div>
            ))}
          </GridLayout>
        )}
      </div>
      {configured && configuredKind && (
        <WidgetConfigDialog
          widget={configured}
          kind={configuredKind}
          variables={variables}
          onSave={(next) => {
            change(draft ? [...widgets, next] : replaceWidget(widgets, next));
            setDraft(null);
            setConfiguring(null);
          }}
          onClose={() => {
            setDraft(null);
            setConfiguring(null);
          }}
        />
      )}
      {discarding && (
        <Dialog label="Discard unsaved changes?" onClose={() => setDiscarding(false)}>
          <p>The changes made to this dashboard since it was last saved are lost.</p>
          <div className="modal-actions">
            <Button variant="subtle" onClick={() => setDiscarding(false)}>
              Keep editing
            </Button>
            <Button variant="danger" onClick={onClose}>
              Discard
            </Button>
          </div>
        </Dialog>
      )}
      <UnsavedChangesGuard unsaved={unsaved && !save.isSuccess} what="dashboard" />
    </section>
  );
}
