import { createFileRoute, Link } from '@tanstack/react-router';
import { DEFAULT_GRAPH_RANGE, GRAPH_RANGE_LABELS, GRAPH_RANGES } from '@tinkercloud/shared';
import { EmptyState } from '../../../components/Page.tsx';

export const Route = createFileRoute('/_auth/_header/devices/$id/')({
  component: DeviceOverview,
});

function DeviceOverview() {
  const { id } = Route.useParams();
  const { graph = DEFAULT_GRAPH_RANGE } = Route.useSearch();
  return (
    <>
      <nav className="segmented" aria-label="History range">
        {GRAPH_RANGES.map((range) => (
          <Link
            key={range}
            to="/devices/$id/"
            params={{ id }}
            search={{ graph: range }}
            className="segment"
            aria-current={range === graph ? 'true' : undefined}
          >
            {GRAPH_RANGE_LABELS[range]}
          </Link>
        ))}
      </nav>
      <EmptyState
        title="No data to show yet"
        hint={`History for the last ${GRAPH_RANGE_LABELS[graph]} will appear here.`}
      />
    </>
  );
}
