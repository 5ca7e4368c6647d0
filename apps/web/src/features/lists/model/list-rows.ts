import type { Folder, GroupItem, Listing } from '../api/groups.ts';

/** A row of a list: a folder, or an item with its record from the kind's own list (device, thing...). */
export type ListRow<T> =
  | { type: 'folder'; key: string; id: string; name: string; folder: Folder }
  | { type: 'item'; key: string; id: string; name: string; item: GroupItem; record: T };

/**
 * The rows of one folder: its subfolders, then its items joined to the kind's records by id. The groups API
 * says where an item is; the kind's list says what it is (status, device, widgets) and whether it still
 * exists, so an item the kind's list lacks (deleted meanwhile) is left out. Kinds without a list of their own
 * (sketches) pass `records: null` and show the group item itself.
 */
export function mergeRows<T>(
  listing: Listing,
  records: readonly T[] | null,
  idOf: (record: T) => string,
): ListRow<T | GroupItem>[] {
  const folders: ListRow<T | GroupItem>[] = listing.folders.map((folder) => ({
    type: 'folder',
    key: `folder:${folder.id}`,
    id: folder.id,
    name: folder.name,
    folder,
  }));
  const byId = records ? new Map(records.map((r) => [idOf(r).toLowerCase(), r])) : null;
  const items: ListRow<T | GroupItem>[] = [];
  for (const item of listing.items) {
    if (item.deleted_at) continue;
    const record = byId ? byId.get(item.id.toLowerCase()) : item;
    if (record === undefined) continue;
    items.push({ type: 'item', key: `item:${item.id}`, id: item.id, name: item.name, item, record });
  }
  return [...folders, ...items];
}

/** The rows whose name holds the search text, ignoring case and accents; all of them for a blank search. */
export function filterRows<R extends { name: string }>(rows: readonly R[], search: string): R[] {
  const wanted = fold(search.trim());
  if (!wanted) return [...rows];
  return rows.filter((row) => fold(row.name).includes(wanted));
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * A short name for the set of ids in the kind's list. It is part of the listing's query key, so an item
 * made or deleted elsewhere (seen through the live stream or a refetch) reads the placement again.
 */
export function fingerprint(ids: readonly string[]): string {
  let hash = 5381;
  for (const id of [...ids].sort()) {
    for (let i = 0; i < id.length; i += 1) hash = ((hash * 33) ^ id.charCodeAt(i)) >>> 0;
    hash = ((hash * 33) ^ 44) >>> 0;
  }
  return `${ids.length}-${hash.toString(36)}`;
}
