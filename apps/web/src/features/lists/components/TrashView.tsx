import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { type Column, DataTable } from '@/components/DataTable.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { type GroupItem, trashQueryOptions } from '../api/groups.ts';
import { useGroupsApi } from '../api/use-groups-api.ts';
import { usePurgeItems, useRestoreItems } from '../api/use-list-writes.ts';
import { countOf, type ListKind } from '../model/list-kinds.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const columns: Column<GroupItem>[] = [
  { id: 'name', header: 'Name', sortValue: (item) => item.name, cell: (item) => item.name },
  {
    id: 'deleted',
    header: 'Deleted',
    sortValue: (item) => item.deleted_at,
    cell: (item) => (item.deleted_at ? formatDateTime(item.deleted_at) : ''),
  },
];
const rowProps = () => ({ 'data-testid': 'trash-row' });

/** The list's kind in the space's trash: restore (plan limits apply) or delete for good. */
export function TrashView({
  kind,
  label,
  canRestore,
  canPurge,
}: {
  kind: ListKind;
  label: string;
  canRestore: boolean;
  canPurge: boolean;
}) {
  const g = useGroupsApi();
  const trash = useQuery(trashQueryOptions(g));
  const items = useMemo(() => trash.data?.filter((i) => i.kind === kind.kind), [trash.data, kind.kind]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [purging, setPurging] = useState(false);
  const restore = useRestoreItems(kind);
  const purge = usePurgeItems(kind);
  const chosen = items?.filter((i) => selected.has(i.id)) ?? [];
  const selectable = canRestore || canPurge;

  return (
    <>
      {selectable && (
        <div className="list-toolbar">
          <span className="list-selection" aria-live="polite">
            {chosen.length ? `${chosen.length} selected` : 'Select items to restore or delete for good'}
          </span>
          {canRestore && (
            <Button
              variant="subtle"
              disabled={chosen.length === 0}
              onClick={() => restore.mutateAsync(chosen).then(() => setSelected(new Set()))}
            >
              Restore
            </Button>
          )}
          {canPurge && (
            <Button variant="danger" disabled={chosen.length === 0} onClick={() => setPurging(true)}>
              Delete for good
            </Button>
          )}
        </div>
      )}
      <AsyncState
        query={{ ...trash, data: items }}
        errorTitle="The trash could not be loaded"
        empty={{
          title: 'The trash is empty',
          hint: `Deleted ${kind.plural} stay here until you restore them or delete them for good.`,
        }}
      >
        {(rows) => (
          <DataTable
            label={`${label} in the trash`}
            columns={columns}
            rows={rows}
            rowKey={(i) => i.id}
            rowLabel={(i) => i.name}
            rowProps={rowProps}
            initialSort={{ column: 'deleted', direction: 'desc' }}
            {...(selectable ? { selected, onSelectedChange: setSelected } : {})}
          />
        )}
      </AsyncState>
      {purging && (
        <ConfirmDialog
          label="Delete for good"
          confirmLabel="Delete for good"
          confirm={() => purge.mutateAsync(chosen).then(() => setSelected(new Set()))}
          onClose={() => setPurging(false)}
        >
          <p>
            Delete <strong>{chosen.length === 1 ? chosen[0]?.name : countOf(kind, chosen.length)}</strong> for
            good? This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
