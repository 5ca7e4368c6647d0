import { Link } from '@tanstack/react-router';
import { type Column, DataTable } from '@/components/DataTable.tsx';
import type { Thing } from '@/features/iot/api/schemas.ts';

const columns: Column<Thing>[] = [
  {
    id: 'name',
    header: 'Thing',
    cell: (thing) => (
      <Link to="/things/$id/" params={{ id: thing.id }}>
        {thing.name}
      </Link>
    ),
    sortValue: (thing) => thing.name,
    rowHeader: true,
  },
  {
    id: 'webhook',
    header: 'Webhook URL',
    cell: (thing) =>
      thing.webhook_uri ? <code>{thing.webhook_uri}</code> : <span className="muted">None</span>,
    sortValue: (thing) => thing.webhook_uri,
  },
];

/** Each thing's webhook URL, read-only: it is set on the thing's page, which each name links to. */
export function ThingWebhooks({ things }: { things: readonly Thing[] }) {
  return (
    <DataTable
      label="Webhooks of things"
      columns={columns}
      rows={things}
      rowKey={(thing) => thing.id}
      initialSort={{ column: 'name', direction: 'asc' }}
      rowProps={() => ({ 'data-testid': 'webhook-row' })}
    />
  );
}
