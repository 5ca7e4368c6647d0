import { Link } from '@tanstack/react-router';
import type { Column } from '@/components/DataTable.tsx';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { actionsText } from '../model/trigger-actions.ts';
import { type TriggerLookups, triggerSource } from '../model/trigger-source.ts';
import { TriggerActiveSwitch } from './TriggerActiveSwitch.tsx';
import { TriggerSourceCell } from './TriggerSourceCell.tsx';
import { TriggerStateBadge } from './TriggerStateBadge.tsx';

/**
 * The triggers list's columns: what each watches, whom it tells, whether it is on (a switch for those who
 * may change it), and its last change. The name opens the trigger's detail (`?trigger=<id>`).
 */
export function triggerColumns(lookups: TriggerLookups, canWrite: boolean): Column<Trigger>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortValue: (trigger) => trigger.name,
      cell: (trigger) => (
        <>
          <Link to="/triggers/" search={(prev) => ({ ...prev, trigger: trigger.id })}>
            {trigger.name}
          </Link>
          {trigger.description && <span className="table-sub">{trigger.description}</span>}
        </>
      ),
    },
    {
      id: 'watches',
      header: 'Watches',
      cell: (trigger) => <TriggerSourceCell source={triggerSource(trigger, lookups)} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (trigger) => actionsText(trigger.actions) ?? <span className="muted">None</span>,
    },
    {
      id: 'state',
      header: 'State',
      // The API creates triggers active unless told otherwise.
      sortValue: (trigger) => (trigger.active !== false ? 0 : 1),
      cell: (trigger) =>
        canWrite ? (
          <TriggerActiveSwitch trigger={trigger} />
        ) : (
          <TriggerStateBadge active={trigger.active !== false} />
        ),
    },
    {
      id: 'updated',
      header: 'Last change',
      sortValue: (trigger) => trigger.updated_at ?? trigger.created_at,
      cell: (trigger) => formatDateTime(trigger.updated_at ?? trigger.created_at),
    },
  ];
}
