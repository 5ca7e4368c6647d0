import type { Column } from '@/components/DataTable.tsx';
import type { Folder } from '../api/groups.ts';
import type { ListRow } from '../model/list-rows.ts';

/**
 * A kind's own columns (device status, a thing's device...) made to show folders too: a folder fills the
 * name column with a button that opens it and leaves the other cells blank. The column named `name` is the
 * name column; a kind without one gets the folder in its first column.
 */
export function listColumns<T>(
  kindColumns: readonly Column<T>[],
  onOpen: (folder: Folder) => void,
): Column<ListRow<T>>[] {
  const nameId = kindColumns.some((c) => c.id === 'name') ? 'name' : kindColumns[0]?.id;
  return kindColumns.map((column) => {
    const isName = column.id === nameId;
    const sortValue = column.sortValue;
    return {
      id: column.id,
      header: column.header,
      ...(column.rowHeader ? { rowHeader: true } : {}),
      ...(sortValue
        ? {
            sortValue: (row: ListRow<T>) =>
              row.type === 'item' ? sortValue(row.record) : isName ? row.name : undefined,
          }
        : {}),
      cell: (row: ListRow<T>) =>
        row.type === 'item' ? (
          column.cell(row.record)
        ) : isName ? (
          <button type="button" className="list-folder" onClick={() => onOpen(row.folder)}>
            <FolderIcon />
            {row.name}
          </button>
        ) : null,
    };
  });
}

export function FolderIcon() {
  return (
    <svg className="list-folder-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z" />
    </svg>
  );
}
