import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@tinkercloud/shared';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { adminUsersQueryOptions, type UsersQuery } from '../api/admin-api.ts';
import { planWithEnd, SPACE_TYPE_LABELS } from '../model/format.ts';
import { readUsersSearch } from '../model/search.ts';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';
import { Pager } from './Pager.tsx';
import { SearchField } from './SearchField.tsx';
import type { AdminSectionProps } from './section-props.ts';
import { UserDetailDialog } from './UserDetailDialog.tsx';
import '../admin.css';
import { type SortOption, SortSelect } from './SortSelect.tsx';

const SORTS: SortOption[] = [
  { value: 'created:desc', label: 'Newest accounts first' },
  { value: 'created:asc', label: 'Oldest accounts first' },
  { value: 'username:asc', label: 'Username A–Z' },
  { value: 'username:desc', label: 'Username Z–A' },
  { value: 'email:asc', label: 'E-mail A–Z' },
  { value: 'email:desc', label: 'E-mail Z–A' },
  { value: 'last_sign_in:desc', label: 'Signed in most recently' },
  { value: 'last_sign_in:asc', label: 'Signed in least recently' },
];

export function Badge({ children, tone }: { children: string; tone?: 'warning' | 'danger' | 'primary' }) {
  return <span className={`admin-badge${tone ? ` admin-badge-${tone}` : ''}`}>{children}</span>;
}

/** Every account: search, sort and paging by the server; a row's username opens its detail. */
export default function UsersSection({ search, setSearch }: AdminSectionProps) {
  const { api, config } = useServices();
  const { user: openId, ...query } = readUsersSearch(search);
  const users = useQuery(adminUsersQueryOptions({ api, config }, query));
  // Any change but the page's goes back to the first page; defaults stay out of the address.
  const change = (next: Partial<UsersQuery>, replace = false) => {
    const merged = { ...query, page: 1, ...next };
    setSearch(
      {
        ...search,
        q: merged.q || undefined,
        sort: merged.sort === 'created' ? undefined : merged.sort,
        order: merged.order === 'desc' ? undefined : merged.order,
        page: merged.page > 1 ? merged.page : undefined,
      },
      { replace },
    );
  };
  const open = (user: AdminUser) => setSearch({ ...search, user: user.id });

  const columns: AdminColumn<AdminUser>[] = [
    {
      id: 'username',
      header: 'Username',
      sort: 'username',
      rowHeader: true,
      cell: (u) => (
        <button type="button" className="link-button" onClick={() => open(u)}>
          {u.username}
        </button>
      ),
    },
    {
      id: 'email',
      header: 'E-mail',
      sort: 'email',
      cell: (u) => <span className="admin-break">{u.email}</span>,
    },
    { id: 'name', header: 'Name', cell: (u) => u.name || '–' },
    {
      id: 'plans',
      header: 'Plans',
      cell: (u) => (u.plans.length > 0 ? u.plans.map(planWithEnd).join(', ') : 'Free'),
    },
    {
      id: 'spaces',
      header: 'Spaces',
      cell: (u) =>
        u.spaces.length > 0
          ? u.spaces.map((s) => `${s.name} (${SPACE_TYPE_LABELS[s.space]})`).join(', ')
          : '–',
    },
    {
      id: 'last_sign_in',
      header: 'Last sign-in',
      sort: 'last_sign_in',
      cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : 'Never'),
    },
    {
      id: 'verified',
      header: 'E-mail verified',
      cell: (u) => (u.email_verified ? 'Yes' : <Badge tone="warning">Not verified</Badge>),
    },
    { id: 'age', header: 'Age', cell: (u) => (u.is_minor ? <Badge>Minor</Badge> : 'Adult') },
    {
      id: 'operator',
      header: 'Operator',
      cell: (u) => (u.is_operator ? <Badge tone="primary">Operator</Badge> : 'No'),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (u) => (u.disabled_at ? <Badge tone="danger">Disabled</Badge> : 'Active'),
    },
  ];

  return (
    <>
      <div className="admin-toolbar">
        <SearchField
          label="Search accounts"
          placeholder="Username, e-mail or name"
          value={query.q ?? ''}
          onSearch={(q) => change({ q }, true)}
        />
        <SortSelect options={SORTS} sort={query.sort} order={query.order} onChange={change} />
      </div>
      <AsyncState
        query={users}
        errorTitle="Accounts could not be loaded"
        isEmpty={(page) => page.users.length === 0}
        empty={{
          title: query.q ? `No account matches “${query.q}”` : 'No accounts yet',
          ...(query.q ? { hint: 'Search by part of a username, an e-mail address or a name.' } : {}),
        }}
      >
        {(page) => (
          <div aria-busy={users.isPlaceholderData}>
            <AdminTable
              label="Accounts"
              columns={columns}
              rows={page.users}
              rowKey={(u) => u.id}
              sort={{ by: query.sort, order: query.order }}
              onSort={(by, order) => change({ sort: by as UsersQuery['sort'], order })}
              rowProps={() => ({ 'data-testid': 'admin-user-row' })}
            />
            <Pager
              page={page.page}
              perPage={page.per_page}
              total={page.total}
              noun="account"
              onPage={(p) => change({ page: p })}
            />
          </div>
        )}
      </AsyncState>
      {openId && (
        <UserDetailDialog
          id={openId}
          initial={users.data?.users.find((u) => u.id === openId)}
          onClose={() => setSearch({ ...search, user: undefined })}
        />
      )}
    </>
  );
}
