import { useQueries } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@tinkercloud/shared';
import { useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { type AuditFilters, auditPageQueryOptions } from '../api/admin-api.ts';
import { AUDIT_ACTION_LABELS } from '../model/format.ts';
import { type AuditSearch, dayEnd, dayStart, readAuditSearch } from '../model/search.ts';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';
import { SearchField } from './SearchField.tsx';
import type { AdminSectionProps } from './section-props.ts';
import '../admin.css';

const columns: AdminColumn<AuditEntry>[] = [
  { id: 'at', header: 'When', rowHeader: true, cell: (e) => formatDateTime(e.at) },
  { id: 'action', header: 'Action', cell: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
  { id: 'actor', header: 'Who', cell: (e) => e.actor_label || '–' },
  {
    id: 'target',
    header: 'On',
    cell: (e) => (e.target_label || e.target_id ? `${e.target_type} ${e.target_label || e.target_id}` : '–'),
  },
  { id: 'ip', header: 'Address', cell: (e) => e.ip || '–' },
  {
    id: 'details',
    header: 'Details',
    cell: (e) =>
      Object.keys(e.details).length > 0 ? (
        <code className="admin-break">{JSON.stringify(e.details)}</code>
      ) : (
        '–'
      ),
  },
];

/** The audit log, newest first, filtered by action, who and dates; "Load more" reads older entries. */
export default function AuditSection({ search, setSearch }: AdminSectionProps) {
  const filters = readAuditSearch(search);
  const change = (next: Partial<AuditSearch>, replace = false) =>
    setSearch({ ...search, ...filters, ...next }, { replace });
  const filtered = Boolean(filters.action || filters.who || filters.from || filters.to);
  const apiFilters: AuditFilters = {
    action: filters.action,
    who: filters.who,
    from: dayStart(filters.from),
    to: dayEnd(filters.to),
  };

  return (
    <>
      <div className="admin-toolbar">
        <label className="admin-select">
          <span>Action</span>
          <select
            value={filters.action ?? ''}
            onChange={(event) =>
              change({ action: (event.target.value || undefined) as AuditAction | undefined })
            }
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </label>
        <SearchField
          label="Who"
          placeholder="Username, e-mail or id"
          value={filters.who ?? ''}
          onSearch={(who) => change({ who: who || undefined }, true)}
        />
        <label className="admin-select">
          <span>From</span>
          <input
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => change({ from: event.target.value || undefined })}
          />
        </label>
        <label className="admin-select">
          <span>To</span>
          <input
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => change({ to: event.target.value || undefined })}
          />
        </label>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => change({ action: undefined, who: undefined, from: undefined, to: undefined })}
          >
            Clear filters
          </Button>
        )}
      </div>
      {/* New filters start again from the newest page. */}
      <AuditEntries key={JSON.stringify(apiFilters)} filters={apiFilters} filtered={filtered} />
    </>
  );
}

/** The pages read so far: the newest first, then one more per "Load more" (entries before the last one). */
function AuditEntries({ filters, filtered }: { filters: AuditFilters; filtered: boolean }) {
  const { api, config } = useServices();
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const pages = useQueries({
    queries: cursors.map((before) => auditPageQueryOptions({ api, config }, filters, before)),
  });
  const first = pages[0] as (typeof pages)[number];
  const last = pages[pages.length - 1] as (typeof pages)[number];
  const entries = first.data ? pages.flatMap((page) => page.data?.entries ?? []) : undefined;
  const next = last.data?.next_before;

  return (
    <AsyncState
      query={{ ...first, data: entries }}
      errorTitle="The audit log could not be loaded"
      empty={{ title: filtered ? 'No entry matches these filters' : 'Nothing recorded yet' }}
    >
      {(list) => (
        <>
          <AdminTable
            label="Audit log"
            columns={columns}
            rows={list}
            rowKey={(e) => String(e.id)}
            rowProps={() => ({ 'data-testid': 'audit-row' })}
          />
          <div className="admin-more">
            {last.isError && pages.length > 1 ? (
              <div role="alert">
                <p>Older entries could not be loaded: {last.error.message}</p>
                <Button variant="subtle" onClick={() => last.refetch()}>
                  Try again
                </Button>
              </div>
            ) : next !== undefined || last.isPending ? (
              <Button
                variant="subtle"
                loading={last.isPending}
                onClick={() => next !== undefined && setCursors([...cursors, next])}
              >
                Load more
              </Button>
            ) : (
              <p className="muted">
                {list.length === 1 ? '1 entry' : `${list.length} entries`}, back to the oldest.
              </p>
            )}
          </div>
        </>
      )}
    </AsyncState>
  );
}
