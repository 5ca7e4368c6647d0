import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import GridLayout, { type Layout, noCompactor, useContainerWidth } from 'react-grid-layout';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { WidgetCard } from '@/features/iot/components/widgets/WidgetCard.tsx';
import { useLinkedValues } from '@/features/iot/live/use-linked-values.ts';
import { thingsWithPropertiesQueryOptions } from '@/features/things/api/things.ts';
import { useIotContext } from '@/features/things/api/use-iot-context.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { HoldWorkOnSessionEnd } from '@/shell/HoldWorkOnSessionEnd.tsx';
import type { Dashboard } from '../api/dashboard-schemas.ts';
import { updateDashboard } from '../api/dashboard-writes.ts';
import { useWindowLayoutMode } from '../hooks/use-window-layout-mode.ts';
import {
  addWidget,
  COLUMNS,
  cellsOf,
  type EditorWidget,
  type LayoutMode,
  nudgeForKey,
  nudgeWidget,
  removeWidget,
  replaceWidget,
  toEditorWidgets,
  toWidgetPayload,
  withCells,
} from '../model/editor-widgets.ts';
import { canUndo, commit, commitSince, startHistory, undo } from '../model/history.ts';
import { GRID_GAP, ROW_HEIGHT } from '../model/layout-mode.ts';
import { spaceVariables } from '../model/space-variables.ts';
import { WIDGET_KINDS, widgetKindOf } from '../model/widget-kinds.ts';
import { WidgetConfigDialog } from './WidgetConfigDialog.tsx';
import 'react-grid-layout/css/styles.css';

interface DashboardEditorProps {
  dashboard: Dashboard;
  /** Leaves the editor (after saving, or to drop the changes). */
  onClose: () => void;
}

const toCells = (layout: Layout) => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

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
  const { width, containerRef, mounted } = useContainerWidth();
  const widgets = history.present;
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
  const endGesture = (layout: Layout) =>
    setHistory((h) => commitSince(h, beforeGesture.current, withCells(h.present, toCells(layout), mode)));
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

  const configured = widgets.find((w) => w.id === configuring);
  const configuredKind = configured && widgetKindOf(configured.type);

  return (
    <section className="dashboard-editor" aria-label="Dashboard editor">
      <HoldWorkOnSessionEnd unsaved={canUndo(history)} />
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
        <button type="button" className="button button-subtle" onClick={onClose}>
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
                onClick={() => {
                  const id = crypto.randomUUID();
                  change(addWidget(widgets, kind, id));
                  setConfiguring(id);
                }}
              >
                Add {kind.label}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <p className="muted">
        Drag a widget by its Move button or focus that button and use the arrow keys; resize it by its corner
        or with Shift+arrows.
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
                <div className="dashboard-editor-item-tools">
                  <button
                    type="button"
                    className="button button-subtle dashboard-editor-handle"
                    aria-label={`Move ${widget.name || widget.type}: arrows move, Shift+arrows resize`}
                    onKeyDown={(event) => onKeyDown(event, widget.id)}
                  >
                    Move
                  </button>
                  <button
                    type="button"
                    className="button button-subtle"
                    aria-label={`Configure ${widget.name || widget.type}`}
                    onClick={() => setConfiguring(widget.id)}
                  >
                    Configure
                  </button>
                  <button
                    type="button"
                    className="button button-subtle"
                    aria-label={`Delete ${widget.name || widget.type}`}
                    onClick={() => change(removeWidget(widgets, widget.id))}
                  >
                    Delete
                  </button>
                </div>
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
            change(replaceWidget(widgets, next));
            setConfiguring(null);
          }}
          onClose={() => setConfiguring(null)}
        />
      )}
    </section>
  );
}
