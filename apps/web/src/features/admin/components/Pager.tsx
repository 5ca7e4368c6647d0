import { Button } from '@/components/Button.tsx';

/** Previous / Next under a server-paged list, with where one is ("Page 2 of 40 · 987 accounts"). */
export function Pager({
  page,
  perPage,
  total,
  noun,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  /** "account", "space": made plural here. */
  noun: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const count = `${total.toLocaleString()} ${total === 1 ? noun : `${noun}s`}`;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <Button variant="subtle" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="admin-pager-where" aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {count}
      </span>
      <Button variant="subtle" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
