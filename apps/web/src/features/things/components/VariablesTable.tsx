import { useQuery } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { EmptyState } from '@/components/Page.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { thingPropertiesQueryOptions } from '../api/things.ts';
import { PublishValueForm } from './PublishValueForm.tsx';

interface VariablesTableProps {
  space: string;
  thingId: string;
  canWrite: boolean;
  /** Re-read the values on this timer (when no live stream feeds them). */
  pollMs?: number | false;
}

/** A thing's variables with their last values; writable ones (READ_WRITE) get an input that sends a value. */
export function VariablesTable({ space, thingId, canWrite, pollMs = false }: VariablesTableProps) {
  const { api, config } = useServices();
  const query = useQuery({
    ...thingPropertiesQueryOptions(api, config, space, thingId),
    refetchInterval: pollMs,
  });
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <EmptyState title="Variables could not be loaded" hint={query.error.message} />;
  if (query.data.length === 0)
    return <EmptyState title="No variables yet" hint="Variables you add to the thing will be listed here." />;
  const writable = canWrite && query.data.some((p) => p.permission === 'READ_WRITE');
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Variables">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Type</th>
            <th scope="col">Last update</th>
            {writable && <th scope="col">Send a value</th>}
          </tr>
        </thead>
        <tbody>
          {query.data.map((property) => (
            <tr key={property.id} data-testid="variable-row">
              <th scope="row">{property.name}</th>
              <td className="variable-value" data-testid="variable-value">
                {formatValue(property.last_value)}
              </td>
              <td>
                {property.type}
                {property.permission === 'READ_ONLY' && <span className="table-sub">Read only</span>}
              </td>
              <td>{property.value_updated_at ? formatDateTime(property.value_updated_at) : 'Never'}</td>
              {writable && (
                <td>
                  {property.permission === 'READ_WRITE' && (
                    <PublishValueForm space={space} property={property} />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
