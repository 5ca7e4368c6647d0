import { useQuery } from '@tanstack/react-query';
import type { AdminSpace } from '@tinkercloud/shared';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { adminSpacesQueryOptions, type SpacesQuery } from '../api/admin-api.ts';
import { planWithEnd, SPACE_TYPE_LABELS } from '../model/format.ts';
import { readSpacesSearch } from '../model/search.ts';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';
import { Pager } from './Pager.tsx';
import { SearchField } from './SearchField.tsx';
import { type SpaceAction, SpaceDialogs } from './SpaceDialogs.tsx';
import type { AdminSectionProps } from './section-props.ts';
import '../admin.css';
import { type SortOption, SortSelect } from './SortSelect.tsx';

const SORTS: SortOption[] = [
  { value: 'created:desc', label: 'Newest first' },
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'members:desc', label: 'Most members' },
  { value: 'members:asc', label: 'Fewest members' },
];

/** Every school and team space: plan, seats, members, owner, usage; grant a plan, change the owner, delete. */
export default function SpacesSection({ search, setSearch }: AdminSectionProps) {
  const { api, config } = useServices();
  const query = readSpacesSearch(search);
  const spaces = useQuery(adminSpacesQueryOptions({ api, config }, query));
  const [action, setAction] = useState<{ space: AdminSpace; kind: SpaceAction } | null>(null);

  const change = (next: Partial<SpacesQuery>, replace = false) => {
    const merged = { ...query, page: 1, ...next };
    setSearch(
      {
        ...search,
        q: merged.q || undefined,
        type: merged.type,
        sort: merged.sort === 'created' ? undefined : merged.sort,
        order: merged.order === 'desc' ? undefined : merged.order,
        page: merged.page > 1 ? merged.page : undefined,
      },
      { replace },
    );
  };

  const columns: AdminColumn<AdminSpace>[] = [
    { id: 'name', header: 'Name', sort: 'name', rowHeader: true, cell: (s) => s.name },
    { id: 'type', header: 'Type', cell: (s) => SPACE_TYPE_LABELS[s.space] },
    { id: 'plan', header: 'Plan', cell: (s) => (s.plan ? planWithEnd(s.plan) : 'No plan') },
    { id: 'seats', header: 'Seats', cell: (s) => (s.seats === null ? 'Unlimited' : String(s.seats)) },
    { id: 'members', header: 'Members', sort: 'members', cell: (s) => String(s.members) },
    { id: 'owner', header: 'Owner', cell: (s) => s.owner?.username ?? '–' },
    {
      id: 'usage',
      header: 'Usage',
      cell: (s) => `${s.usage.things} things · ${s.usage.devices} devices · ${s.usage.dashboards} dashboards`,
    },
    { id: 'created', header: 'Created', sort: 'created', cell: (s) => formatDateTime(s.created_at) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (s) => (
        <div className="admin-row-actions">
          <Button
            variant="subtle"
            className="button-small"
            aria-label={`Grant plan to ${s.name}`}
            onClick={() => setAction({ space: s, kind: 'plan' })}
          >
            Grant plan
          </Button>
          <Button
            variant="subtle"
            className="button-small"
            aria-label={`Change owner of ${s.name}`}
            onClick={() => setAction({ space: s, kind: 'owner' })}
          >
            Change owner
          </Button>
          <Button
            variant="danger"
            className="button-small"
            aria-label={`Delete ${s.name}`}
            onClick={() => setAction({ space: s, kind: 'delete' })}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-toolbar">
        <SearchField
          label="Search spaces"
          placeholder="Space name"
          value={query.q ?? ''}
          onSearch={(q) => change({ q }, true)}
        />
        <label className="admin-select">
          <span>Type</span>
          <select
            value={query.type ?? ''}
            onChange={(event) => change({ type: (event.target.value || undefined) as SpacesQuery['type'] })}
          >
            <option value="">All</option>
            <option value="edu">Schools</option>
            <option value="pro">Teams</option>
          </select>
        </label>
        <SortSelect options={SORTS} sort={query.sort} order={query.order} onChange={change} />
      </div>
      <AsyncState
        query={spaces}
        errorTitle="Spaces could not be loaded"
        isEmpty={(page) => page.spaces.length === 0}
        empty={{ title: query.q ? `No space matches “${query.q}”` : 'No school or team spaces yet' }}
      >
        {(page) => (
          <div aria-busy={spaces.isPlaceholderData}>
            <AdminTable
              label="Spaces"
              columns={columns}
              rows={page.spaces}
              rowKey={(s) => s.id}
              sort={{ by: query.sort, order: query.order }}
              onSort={(by, order) => change({ sort: by as SpacesQuery['sort'], order })}
              rowProps={() => ({ 'data-testid': 'admin-space-row' })}
            />
            <Pager
              page={page.page}
              perPage={page.per_page}
              total={page.total}
              noun="space"
              onPage={(p) => change({ page: p })}
            />
          </div>
        )}
      </AsyncState>
      {action && <SpaceDialogs space={action.space} action={action.kind} onClose={() => setAction(null)} />}
    </>
  );
}
