import type { GraphRange } from '@tinkercloud/shared';
import type { LinkedVariable, Widget } from '@/features/dashboards/api/dashboard-schemas.ts';
import type { LinkedValue } from '@/features/iot/live/use-linked-values.ts';

/** What every widget body gets from the dashboard page. */
export interface WidgetProps {
  widget: Widget;
  variables: LinkedVariable[];
  currentOf: (variable: LinkedVariable) => LinkedValue;
  space: string;
  /** The user may send values in this space. */
  canWrite: boolean;
  range: GraphRange;
  /** True while the live stream feeds the caches; otherwise live views poll. */
  streaming: boolean;
}
