import type { Column } from '@/components/DataTable.tsx';
import type { Trigger } from '@/features/iot/api/schemas.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { actionsText } from '../model/trigger-actions.ts';
import { type TriggerLookups, triggerSource } from '../model/trigger-source.ts';
import { TriggerSourceCell } from './TriggerSourceCell.tsx';
import { TriggerStateBadge } from './TriggerStateBadge.tsx';

/** The triggers list's columns: what each watches, whom it tells, whether it is on, and its last change. */
export function triggerColumns(lookups: TriggerLookups): Column<Trigger>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortValue: (trigger) => trigger.name,
      cell: (trigger) => (
        <>
          {trigger.name}
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
      cell: (trigger) => <TriggerStateBadge active={trigger.active !== false} />,
    },
    {
      id: 'updated',
      header: 'Last change',
      sortValue: (trigger) => trigger.updated_at ?? trigger.created_at,
      cell: (trigger) => formatDateTime(trigger.updated_at ?? trigger.created_at),
    },
  ];
}
