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
  {
    // An address alone posts nothing: the thing's switch decides (its page has it).
    id: 'state',
    header: 'State',
    cell: (thing) => (thing.webhook_uri ? (thing.webhook_active ? 'On' : 'Off') : ''),
    sortValue: (thing) => (thing.webhook_uri ? (thing.webhook_active ? 2 : 1) : 0),
  },
];

/** Each thing's webhook URL and whether it is on, read-only: both are set on the thing's page, which each name links to. */
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
