import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type AsyncQuery, AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { type Column, DataTable } from '@/components/DataTable.tsx';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { type Folder, type GroupItem, listingQueryOptions } from '../api/groups.ts';
import { useGroupsApi } from '../api/use-groups-api.ts';
import {
  type Named,
  useCreateFolder,
  useDeleteFolder,
  useRenameFolder,
  useTrashItems,
} from '../api/use-list-writes.ts';
import {
  currentFolderId,
  type FolderPath,
  leaveDeleted,
  openFolder,
  renameOnPath,
  upTo,
} from '../model/folder-path.ts';
import type { ListKind } from '../model/list-kinds.ts';
import { filterRows, fingerprint, type ListRow, mergeRows } from '../model/list-rows.ts';
import type { ListView } from '../model/list-search.ts';
import { hasTag, parseTag, type Tags, tagChoices, tagParam } from '../model/tag-filter.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FolderBreadcrumb } from './FolderBreadcrumb.tsx';
import { FolderNameDialog } from './FolderNameDialog.tsx';
import { listColumns } from './list-columns.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { TagFilterSelect } from './TagFilterSelect.tsx';
import { TrashView } from './TrashView.tsx';
import '../lists.css';

/** The five list pages (spec 2.1). */
export type ListPath = '/devices/' | '/things/' | '/dashboards/' | '/triggers/' | '/sketches/';

export interface GroupListProps<T> {
  kind: ListKind;
  /** The page's own route, for the Trash link and the way back. */
  path: ListPath;
  /** The page's name of its items: "Devices" (the table's label). */
  label: string;
  /** The kind's own list (status, device, widgets...); null for a kind that has none (sketches). */
  records: AsyncQuery<T[]> | null;
  idOf: (record: T) => string;
  /** The kind's columns; the one with id `name` shows folders too. */
  columns: readonly Column<T>[];
  /** `data-testid` of an item's row. */
  rowTestId: string;
  view: ListView | undefined;
  /** `?forcesearch=true` (spec 2.2): the search field has the focus when the list opens. */
  forceSearch?: boolean | undefined;
  /** Sends one item to the trash (the kind's soft DELETE); without it items cannot be deleted here. */
  deleteItem?: (id: string) => Promise<void>;
  errorTitle: string;
  /** What the list says when it holds nothing at all: what the items are and the next real step. */
  empty: { title: string; hint: string; action?: ReactNode };
  /** The page's own buttons (Add device...), shown before the list's; given the folder shown (null: the top). */
  actions?: ReactNode | ((folderId: string | null) => ReactNode);
  /** An item's own row actions (a sketch's Rename, Duplicate...), shown before Move and Delete. */
  itemActions?: (item: Named) => ReactNode;
  /** For kinds whose items carry tags: the filter beside the search, kept in the page's `?tag=key:value`. */
  tagFilter?: TagFilterProps<T>;
}

export interface TagFilterProps<T> {
  tagsOf: (record: T) => Tags;
  /** The `tag` search parameter. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/**
 * One list page of spec 7.4: the kind's items with folders (open, breadcrumb back, create, rename, delete),
 * search, sort, Move into and out of folders, multi-select with move and delete (to the trash, with Undo),
 * and, with `?view=trash`, the kind's trash.
 */
export function GroupList<T>(props: GroupListProps<T>) {
  const { selected } = useSpaces();
  // Another space has other folders: its list starts at the top.
  return <GroupListInSpace key={selected.id} {...props} />;
}

type Dialogs =
  | { type: 'new-folder' }
  | { type: 'rename'; folder: Folder }
  | { type: 'delete-folder'; folder: Folder }
  | { type: 'move'; items: Named[] };

const isFolder = (row: ListRow<unknown>) => row.type === 'folder';
const isItem = (row: ListRow<unknown>) => row.type === 'item';
const rowName = (row: ListRow<unknown>) => row.name;

function GroupListInSpace<T>({
  kind,
  path,
  label,
  records,
  idOf,
  columns,
  rowTestId,
  view,
  forceSearch,
  deleteItem,
  errorTitle,
  empty,
  actions,
  itemActions,
  tagFilter,
}: GroupListProps<T>) {
  const { selected: space } = useSpaces();
  const canWrite = spaceAllows(space, 'iot.write');
  const canDelete = spaceAllows(space, 'iot.delete');
  const inTrash = view === 'trash';
  // Kept here, not in the folder view, so a visit to the trash comes back to the same folder.
  const [opened, setOpened] = useState<FolderPath>([]);

  return (
    <div className="group-list">
      <div className="page-actions list-actions">
        {!inTrash && (typeof actions === 'function' ? actions(currentFolderId(opened)) : actions)}
        {inTrash ? (
          <Link to={path} search={{}} className="button button-subtle">
            Back to {label.toLowerCase()}
          </Link>
        ) : (
          <Link to={path} search={{ view: 'trash' }} className="button button-subtle">
            Trash
          </Link>
        )}
      </div>
      {inTrash ? (
        <>
          <h2 className="list-heading">Trash</h2>
          <TrashView kind={kind} label={label} canRestore={canWrite} canPurge={canDelete} />
        </>
      ) : (
        <FolderView
          {...{ kind, label, records, idOf, columns, rowTestId, forceSearch, deleteItem, errorTitle, empty }}
          {...{ itemActions, tagFilter }}
          canWrite={canWrite}
          canDelete={canDelete}
          path={opened}
          setPath={setOpened}
        />
      )}
    </div>
  );
}

function FolderView<T>({
  kind,
  label,
  records,
  idOf,
  columns,
  rowTestId,
  forceSearch,
  deleteItem,
  errorTitle,
  empty,
  itemActions,
  tagFilter,
  canWrite,
  canDelete,
  path,
  setPath,
}: Omit<GroupListProps<T>, 'view' | 'actions' | 'path'> & {
  canWrite: boolean;
  canDelete: boolean;
  path: FolderPath;
  setPath: Dispatch<SetStateAction<FolderPath>>;
}) {
  const g = useGroupsApi();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const parent = currentFolderId(path);

  useEffect(() => {
    if (forceSearch) searchField.current?.focus();
  }, [forceSearch]);

  const ids = useMemo(() => records?.data?.map(idOf), [records?.data, idOf]);
  const listing = useQuery({
    ...listingQueryOptions(g, kind.list, parent, ids ? fingerprint(ids) : ''),
    // Only the same folder's earlier listing (the key's parent part, see groupKeys.listing) stands in while a
    // new fingerprint's loads: no flash of "loading" after a delete, no other folder's rows after a click.
    placeholderData: (previous, query) => (query?.queryKey[4] === (parent ?? 'top') ? previous : undefined),
    enabled: !records || records.data !== undefined,
  });

  const tag = parseTag(tagFilter?.value);
  const tagsOf = tagFilter?.tagsOf;
  const tagChoiceList = useMemo(
    () => (tagsOf ? tagChoices(records?.data ?? [], tagsOf) : []),
    [records?.data, tagsOf],
  );
  const tagValue = tagFilter?.value;
  const rows = useMemo(() => {
    if (!listing.data) return undefined;
    const found = filterRows(mergeRows<T>(listing.data, records ? (records.data ?? []) : null, idOf), search);
    const wanted = parseTag(tagValue);
    // Folders stay, so the items tagged inside them can be reached with the filter kept.
    if (!wanted || !tagsOf) return found;
    return found.filter((r) => r.type === 'folder' || hasTag(tagsOf(r.record as T), wanted));
  }, [listing.data, records, idOf, search, tagValue, tagsOf]);
  const trashItems = useTrashItems(kind, deleteItem ?? (() => Promise.resolve()));
  const trash = (items: Named[]) => trashItems.mutateAsync(items).then(() => setSelected(new Set()));
  const kindColumns = listColumns(columns as readonly Column<T | GroupItem>[], (folder) => {
    setPath((p) => openFolder(p, folder));
    setSelected(new Set());
    setSearch('');
  });
  const tableColumns =
    canWrite || canDelete || itemActions
      ? [
          ...kindColumns,
          manageColumn<ListRow<T | GroupItem>>({
            canWrite,
            canDelete,
            deletable: !!deleteItem,
            itemActions,
            setDialog,
            trash: (item) => trash([item]),
          }),
        ]
      : kindColumns;
  const createFolder = useCreateFolder(kind);
  const renameFolder = useRenameFolder(kind);
  const deleteFolder = useDeleteFolder(kind);

  const chosen: Named[] =
    rows?.filter((r) => r.type === 'item' && selected.has(r.key)).map((r) => ({ id: r.id, name: r.name })) ??
    [];

  const isError = (records?.isError ?? false) || listing.isError;
  const query: AsyncQuery<ListRow<T | GroupItem>[]> = {
    // The listing waits for the kind's list (its key names the list's items): a failed list is no wait.
    isPending: !isError && ((records?.isPending ?? false) || listing.isPending),
    isError,
    error: records?.error ?? listing.error,
    data: rows,
    refetch: () => {
      void records?.refetch();
      void listing.refetch();
    },
  };
  const emptyState = search.trim()
    ? { title: `No ${kind.singular} or folder matches “${search.trim()}”`, hint: 'Try another name.' }
    : tag
      ? {
          title: `No ${kind.singular} here is tagged ${tag.key}: ${tag.value}`,
          hint: 'Choose All tags to see every one.',
        }
      : path.length > 0
        ? {
            title: 'This folder is empty',
            hint: `Move ${kind.plural} here with Move, or make a folder inside it.`,
          }
        : empty;

  return (
    <>
      <div className="list-toolbar">
        <input
          ref={searchField}
          type="search"
          className="list-search"
          aria-label={`Search ${kind.plural}`}
          placeholder={`Search ${kind.plural}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {tagFilter && (
          <TagFilterSelect
            plural={kind.plural}
            choices={tagChoiceList}
            value={tag}
            onChange={(chosen) => tagFilter.onChange(chosen ? tagParam(chosen) : undefined)}
          />
        )}
        {canWrite && (
          <Button variant="subtle" onClick={() => setDialog({ type: 'new-folder' })}>
            New folder
          </Button>
        )}
      </div>
      <FolderBreadcrumb
        top={label}
        path={path}
        onUp={(index) => {
          setPath((p) => upTo(p, index));
          setSelected(new Set());
        }}
      />
      {chosen.length > 0 && (
        <section className="list-toolbar list-bulk" aria-label="Selected items">
          <span className="list-selection" aria-live="polite">
            {chosen.length} selected
          </span>
          {canWrite && (
            <Button variant="subtle" onClick={() => setDialog({ type: 'move', items: chosen })}>
              Move selected
            </Button>
          )}
          {canDelete && deleteItem && (
            <Button variant="danger" onClick={() => trash(chosen)}>
              Delete selected
            </Button>
          )}
        </section>
      )}
      <AsyncState query={query} errorTitle={errorTitle} empty={emptyState}>
        {(data) => (
          <DataTable
            label={label}
            columns={tableColumns}
            rows={data}
            rowKey={(r) => r.key}
            rowLabel={rowName}
            keepFirst={isFolder}
            canSelect={isItem}
            rowProps={(r) => ({ 'data-testid': r.type === 'folder' ? 'folder-row' : rowTestId })}
            {...(canWrite || (canDelete && deleteItem) ? { selected, onSelectedChange: setSelected } : {})}
          />
        )}
      </AsyncState>
      {dialog?.type === 'new-folder' && (
        <FolderNameDialog
          label="New folder"
          submitLabel="Create folder"
          save={(name) => createFolder.mutateAsync({ name, parent })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'rename' && (
        <FolderNameDialog
          label="Rename folder"
          submitLabel="Rename"
          initialName={dialog.folder.name}
          save={(name) =>
            renameFolder
              .mutateAsync({ id: dialog.folder.id, name })
              .then(() => setPath((p) => renameOnPath(p, dialog.folder.id, name)))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'delete-folder' && (
        <ConfirmDialog
          label="Delete folder"
          confirmLabel="Delete folder"
          confirm={() =>
            deleteFolder
              .mutateAsync(dialog.folder)
              .then(() => setPath((p) => leaveDeleted(p, dialog.folder.id)))
          }
          onClose={() => setDialog(null)}
        >
          <p>
            Delete the folder <strong>{dialog.folder.name}</strong>? What it holds moves up to{' '}
            {path.at(-1)?.name ?? 'the top level'}.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.type === 'move' && (
        <MoveDialog
          kind={kind}
          items={dialog.items}
          current={parent}
          onClose={() => setDialog(null)}
          onMoved={() => setSelected(new Set())}
        />
      )}
    </>
  );
}

/** Per row: Rename and Delete for a folder; the kind's own actions, Move and Delete for an item, as the role allows. */
function manageColumn<R extends ListRow<unknown>>({
  canWrite,
  canDelete,
  deletable,
  itemActions,
  setDialog,
  trash,
}: {
  canWrite: boolean;
  canDelete: boolean;
  deletable: boolean;
  itemActions: ((item: Named) => ReactNode) | undefined;
  setDialog: (dialog: Dialogs) => void;
  trash: (item: Named) => Promise<unknown>;
}): Column<R> {
  return {
    id: 'manage',
    header: 'Manage',
    buttons: true,
    cell: (row) => (
      <span className="list-row-actions">
        {row.type === 'folder' ? (
          <>
            {canWrite && (
              <Button
                variant="subtle"
                className="button-small"
                aria-label={`Rename folder ${row.name}`}
                onClick={() => setDialog({ type: 'rename', folder: row.folder })}
              >
                Rename
              </Button>
            )}
            {canDelete && (
              <Button
                variant="subtle"
                className="button-small"
                aria-label={`Delete folder ${row.name}`}
                onClick={() => setDialog({ type: 'delete-folder', folder: row.folder })}
              >
                Delete
              </Button>
            )}
          </>
        ) : (
          <>
            {itemActions?.({ id: row.id, name: row.name })}
            {canWrite && (
              <Button
                variant="subtle"
                className="button-small"
                aria-label={`Move ${row.name}`}
                onClick={() => setDialog({ type: 'move', items: [{ id: row.id, name: row.name }] })}
              >
                Move
              </Button>
            )}
            {canDelete && deletable && (
              <Button
                variant="subtle"
                className="button-small"
                aria-label={`Delete ${row.name}`}
                onClick={() => trash({ id: row.id, name: row.name })}
              >
                Delete
              </Button>
            )}
          </>
        )}
      </span>
    ),
  };
}
