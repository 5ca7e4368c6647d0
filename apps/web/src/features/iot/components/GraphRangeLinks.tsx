import { Link } from '@tanstack/react-router';
import { GRAPH_RANGE_LABELS, GRAPH_RANGES, type GraphRange } from '@tinkercloud/shared';

/** The history range links of a page with charts; the range lives in the page's `graph` search parameter. */
export function GraphRangeLinks(props: {
  to: '/devices/$id/' | '/dashboards/$id/';
  id: string;
  current: GraphRange;
  className?: string;
}) {
  return (
    <nav
      className={props.className ? `segmented ${props.className}` : 'segmented'}
      aria-label="History range"
    >
      {GRAPH_RANGES.map((range) => (
        <Link
          key={range}
          to={props.to}
          params={{ id: props.id }}
          search={{ graph: range }}
          replace
          className="segment"
          aria-current={range === props.current ? 'true' : undefined}
        >
          {GRAPH_RANGE_LABELS[range]}
        </Link>
      ))}
    </nav>
  );
}
