import type { GraphRange } from '@tinkercloud/shared';
import type { CSSProperties } from 'react';
import { EmptyState } from '@/components/Page.tsx';
import { WidgetCard } from '@/features/iot/components/widgets/WidgetCard.tsx';
import { useLinkedValues } from '@/features/iot/live/use-linked-values.ts';
import { LIVE_POLL_MS } from '@/features/iot/live/use-live-updates.ts';
import type { Dashboard } from '../api/dashboard-schemas.ts';
import { useOfflineThings } from '../hooks/use-offline-things.ts';
import { useWindowLayoutMode } from '../hooks/use-window-layout-mode.ts';
import { COLUMNS, cellsOf, toEditorWidgets } from '../model/editor-widgets.ts';
import { ROW_HEIGHT } from '../model/layout-mode.ts';
import { inLayoutOrder } from '../model/widget-order.ts';
import '../dashboards.css';

interface DashboardGridProps {
  dashboard: Dashboard;
  space: string;
  canWrite: boolean;
  range: GraphRange;
  streaming: boolean;
}

/**
 * The dashboard's widgets where its layout puts them: the desktop layout on wide windows, the phone layout on
 * narrow ones (a CSS grid with the layout's columns, so viewing needs no grid library). Widgets come in
 * reading order, so keyboard and screen-reader order follows what the eye sees.
 */
export function DashboardGrid({ dashboard, space, canWrite, range, streaming }: DashboardGridProps) {
  const mode = useWindowLayoutMode();
  const widgets = dashboard.widgets ?? [];
  const currentOf = useLinkedValues(
    space,
    widgets.flatMap((w) => w.variables ?? []),
    streaming ? false : LIVE_POLL_MS,
  );
  const isOffline = useOfflineThings(space);
  if (widgets.length === 0)
    return <EmptyState title="No widgets yet" hint="Widgets added to this dashboard appear here." />;
  const cells = new Map(cellsOf(toEditorWidgets(widgets), mode).map((c) => [c.i, c]));
  const ordered = inLayoutOrder(
    widgets.map((widget) => ({ widget, x: cells.get(widget.id)?.x ?? 0, y: cells.get(widget.id)?.y ?? 0 })),
  );
  const gridStyle = {
    '--dashboard-columns': COLUMNS[mode],
    '--dashboard-row': `${ROW_HEIGHT}px`,
  } as CSSProperties;
  return (
    <div className="dashboard-grid" style={gridStyle} data-layout={mode}>
      {ordered.map(({ widget }) => {
        const cell = cells.get(widget.id);
        return (
          <WidgetCard
            key={widget.id}
            widget={widget}
            style={
              cell && {
                gridColumn: `${cell.x + 1} / span ${Math.min(cell.w, COLUMNS[mode])}`,
                gridRow: `${cell.y + 1} / span ${cell.h}`,
              }
            }
            variables={widget.variables ?? []}
            offline={isOffline((widget.variables ?? []).map((v) => v.thing_id))}
            currentOf={currentOf}
            space={space}
            canWrite={canWrite}
            range={range}
            streaming={streaming}
          />
        );
      })}
    </div>
  );
}
