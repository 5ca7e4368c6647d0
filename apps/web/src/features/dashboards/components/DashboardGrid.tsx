import type { GraphRange } from '@tinkercloud/shared';
import { EmptyState } from '@/components/Page.tsx';
import { WidgetCard } from '@/features/iot/components/widgets/WidgetCard.tsx';
import { useLinkedValues } from '@/features/iot/live/use-linked-values.ts';
import { LIVE_POLL_MS } from '@/features/iot/live/use-live-updates.ts';
import type { Dashboard } from '../api/dashboard-schemas.ts';
import { inLayoutOrder } from '../model/widget-order.ts';

interface DashboardGridProps {
  dashboard: Dashboard;
  space: string;
  canWrite: boolean;
  range: GraphRange;
  streaming: boolean;
}

/** The dashboard's widgets in the order of its desktop layout, in a grid that wraps on narrow screens. */
export function DashboardGrid({ dashboard, space, canWrite, range, streaming }: DashboardGridProps) {
  const widgets = inLayoutOrder(dashboard.widgets ?? []);
  const currentOf = useLinkedValues(
    space,
    widgets.flatMap((w) => w.variables ?? []),
    streaming ? false : LIVE_POLL_MS,
  );
  if (widgets.length === 0)
    return <EmptyState title="No widgets yet" hint="Widgets added to this dashboard appear here." />;
  return (
    <div className="widget-grid">
      {widgets.map((widget) => (
        <WidgetCard
          key={widget.id}
          widget={widget}
          variables={widget.variables ?? []}
          currentOf={currentOf}
          space={space}
          canWrite={canWrite}
          range={range}
          streaming={streaming}
        />
      ))}
    </div>
  );
}
