import { type ReactNode, useMemo, useState } from 'react';

export interface Column<T> {
  /** Stable id, also the sort key's name. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number | null | undefined;
  /** The first column names the row (a row header for screen readers). */
  rowHeader?: boolean;
  /** The row's own controls (Move, Delete...): a card shows them as a row of buttons, without a label. */
  buttons?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table and its scroll container. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Sorted by this column at first. */
  initialSort?: { column: string; direction: 'asc' | 'desc' };
  /** With both, rows get checkboxes (and the header one that selects all). */
  selected?: ReadonlySet<string>;
  onSelectedChange?: (selected: Set<string>) => void;
  /** Extra attributes per row (tests find rows by data-testid). */
  rowProps?: (row: T) => Record<string, string>;
  /** Rows that stay above the others whatever the sort (a list's folders). */
  keepFirst?: (row: T) => boolean;
  /** Which rows get a checkbox; all of them by default. */
  canSelect?: (row: T) => boolean;
  /** Names a row's checkbox ("Select {name}"); the row key by default. */
  rowLabel?: (row: T) => string;
}

type Sort = { column: string; direction: 'asc' | 'desc' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: string | number | null | undefined, b: string | number | null | undefined): number {
  // Missing values go last whatever the direction.
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

/** The rows in a column's order; blanks last in both directions, `keepFirst` rows above the rest. */
export function sortRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  sort: Sort | undefined,
  keepFirst?: (row: T) => boolean,
): readonly T[] {
  const column = sort && columns.find((c) => c.id === sort.column);
  if (!sort || !column?.sortValue) {
    return keepFirst ? [...rows.filter(keepFirst), ...rows.filter((r) => !keepFirst(r))] : rows;
  }
  const value = column.sortValue;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (keepFirst) {
      const first = Number(keepFirst(b)) - Number(keepFirst(a));
      if (first !== 0) return first;
    }
    const va = value(a);
    const vb = value(b);
    // Blanks stay last in both directions.
    if (va == null || va === '' || vb == null || vb === '') return compare(va, vb);
    return sign * compare(va, vb);
  });
}

/**
 * The app's list table: sortable columns (buttons in the headers, aria-sort), optional row selection, and a
 * scroll container of its own (focusable and labelled, so keyboard users can scroll it on small screens).
 * With less than 600 px of room each row is a card (styles/pages.css, `.table-cards`): the first column is
 * its title, the others label/value pairs named by `data-label`, a `buttons` column (no label) a row of buttons.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  initialSort,
  selected,
  onSelectedChange,
  rowProps,
  keepFirst,
  canSelect = () => true,
  rowLabel,
}: DataTableProps<T>) {
  const [sort, setSort] = useState<Sort | undefined>(initialSort);
  const sorted = useMemo(() => sortRows(rows, columns, sort, keepFirst), [rows, columns, sort, keepFirst]);

  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const choosable = rows.filter(canSelect);
  const allSelected = selectable && choosable.length > 0 && choosable.every((r) => selected.has(rowKey(r)));
  const toggle = (key: string) => {
    if (!selectable) return;
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange(next);
  };
  const toggleAll = () => {
    if (!selectable) return;
    onSelectedChange(allSelected ? new Set() : new Set(choosable.map(rowKey)));
  };
  const sortBy = (id: string) =>
    setSort((s) => ({ column: id, direction: s?.column === id && s.direction === 'asc' ? 'desc' : 'asc' }));

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it.
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      <table className="table table-cards" aria-label={label}>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className="table-select">
                <input
                  type="checkbox"
                  aria-label="Select all"
                  checked={allSelected}
                  onChange={toggleAll}
                  disabled={choosable.length === 0}
                />
              </th>
            )}
            {columns.map((column) => {
              const direction = sort?.column === column.id ? sort.direction : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={
                    column.sortValue
                      ? direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                >
                  {column.sortValue ? (
                    <button type="button" className="table-sort" onClick={() => sortBy(column.id)}>
                      {column.header}
                      <span className="table-sort-icon" aria-hidden="true">
                        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
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
          {sorted.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} {...rowProps?.(row)}>
                {selectable && (
                  <td className="table-select">
                    {canSelect(row) && (
                      <input
                        type="checkbox"
                        aria-label={`Select ${rowLabel ? rowLabel(row) : key}`}
                        checked={selected.has(key)}
                        onChange={() => toggle(key)}
                      />
                    )}
                  </td>
                )}
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} data-label={column.buttons ? undefined : column.header}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
