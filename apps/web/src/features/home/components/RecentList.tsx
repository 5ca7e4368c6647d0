import type { ReactNode } from 'react';
import type { AsyncQuery } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { type Dated, mostRecent } from '../model/recent-items.ts';

interface Item extends Dated {
  id: string;
}

/**
 * One kind's card on Home: its most recently changed items, each a link with its status, or why there are
 * none (not loaded, or nothing yet) and where to add one. `link` renders an item's link, `status` what it is
 * doing now.
 */
export function RecentList<T extends Item>({
  title,
  query,
  viewAll,
  empty,
  link,
  status,
}: {
  title: string;
  query: AsyncQuery<T[]>;
  viewAll: ReactNode;
  empty: ReactNode;
  link: (item: T) => ReactNode;
  status?: (item: T) => ReactNode;
}) {
  const id = `recent-${title.toLowerCase()}`;
  return (
    <section className="recent-card" aria-labelledby={id} data-testid={id}>
      <header className="recent-card-header">
        <h3 id={id}>{title}</h3>
        {viewAll}
      </header>
      {reReadFailed(query) && <StaleNotice error={query.error} />}
      {!query.data ? (
        <div role="alert" className="recent-error">
          <p>
            {title} could not be loaded. {query.error?.message}
          </p>
          <Button variant="subtle" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <div className="recent-empty muted">{empty}</div>
      ) : (
        <ul className="recent-list">
          {mostRecent(query.data).map((item) => (
            <li key={item.id} className="recent-item">
              <span className="recent-item-name">{link(item)}</span>
              {status?.(item)}
              <span className="recent-item-time muted">
                Updated {formatDateTime(item.updated_at ?? item.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
