import type { ReactNode } from 'react';

export interface AdminColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key of this column, when it sorts by it. */
  sort?: string;
  /** The first column names the row. */
  rowHeader?: boolean;
}

/**
 * A table of the console whose rows come a page at a time from the server, which also sorts them: a header
 * button asks for another order instead of sorting the rows on screen. At 640 px and below each row becomes
 * a card (every cell under its column's name, from `data-label`), so a phone never scrolls sideways; wider
 * screens scroll a wide table inside its own region, as DataTable does.
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  rowProps,
}: {
  label: string;
  columns: readonly AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: { by: string; order: 'asc' | 'desc' };
  onSort?: (by: string, order: 'asc' | 'desc') => void;
  rowProps?: (row: T) => Record<string, string>;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it.
    <section className="table-wrap admin-table-wrap" aria-label={label} tabIndex={0}>
      <table className="table admin-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => {
              const current = column.sort && sort?.by === column.sort ? sort.order : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={
                    column.sort && onSort
                      ? current === 'asc'
                        ? 'ascending'
                        : current === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                >
                  {column.sort && onSort ? (
                    <button
                      type="button"
                      className="table-sort"
                      onClick={() => onSort(column.sort as string, current === 'asc' ? 'desc' : 'asc')}
                    >
                      {column.header}
                      <span className="table-sort-icon" aria-hidden="true">
                        {current === 'asc' ? '▲' : current === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.id} scope="row" data-label={column.header}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} data-label={column.header}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
