import { describe, expect, it } from 'vitest';
import { sortRows } from '@/components/DataTable.tsx';
import type { Folder, GroupItem, Listing } from '../api/groups.ts';
import { listColumns } from '../components/list-columns.tsx';
import { filterRows, fingerprint, type ListRow, mergeRows } from './list-rows.ts';

const at = '2026-03-01T12:00:00.000Z';
const folder = (id: string, name: string): Folder => ({
  id,
  name,
  kind: 'DEVICE',
  created_at: at,
  updated_at: at,
});
const item = (id: string, name: string, extra: Partial<GroupItem> = {}): GroupItem => ({
  id,
  kind: 'DEVICE',
  name,
  created_at: at,
  updated_at: at,
  ...extra,
});
interface Device {
  id: string;
  name: string;
  status: string;
}
const devices: Device[] = [
  { id: 'D1', name: 'zeta', status: 'ONLINE' },
  { id: 'd2', name: 'alpha', status: 'OFFLINE' },
];
const listing: Listing = {
  folders: [folder('f1', 'Lab'), folder('f2', 'Attic')],
  items: [item('d1', 'zeta'), item('d2', 'alpha'), item('d3', 'deleted meanwhile')],
};

describe('mergeRows', () => {
  it("puts the folders first and joins each item to its kind's record by id, whatever the case", () => {
    const rows = mergeRows(listing, devices, (d) => d.id);
    expect(rows.map((r) => r.key)).toEqual(['folder:f1', 'folder:f2', 'item:d1', 'item:d2']);
    const zeta = rows[2];
    expect(zeta?.type === 'item' && zeta.record).toEqual(devices[0]);
  });

  it("leaves out items the kind's list no longer has, and soft-deleted ones", () => {
    const rows = mergeRows(
      { folders: [], items: [item('d2', 'alpha'), item('d1', 'zeta', { deleted_at: at })] },
      devices,
      (d) => d.id,
    );
    expect(rows.map((r) => r.id)).toEqual(['d2']);
  });

  it('shows the group item itself for a kind without a list of its own', () => {
    const rows = mergeRows(listing, null, (d: GroupItem) => d.id);
    expect(rows.filter((r) => r.type === 'item').map((r) => r.type === 'item' && r.record)).toEqual(
      listing.items,
    );
  });
});

describe('filterRows', () => {
  const rows = [{ name: 'Café sensor' }, { name: 'Lab' }, { name: 'greenhouse' }];
  it('keeps the names holding the search, ignoring case and accents', () => {
    expect(filterRows(rows, 'CAFE')).toEqual([{ name: 'Café sensor' }]);
    expect(filterRows(rows, ' green ')).toEqual([{ name: 'greenhouse' }]);
    expect(filterRows(rows, 'nothing')).toEqual([]);
  });
  it('keeps everything for a blank search', () => {
    expect(filterRows(rows, '  ')).toEqual(rows);
  });
});

describe('fingerprint', () => {
  it('names the set of ids, in any order, and changes when one comes or goes', () => {
    expect(fingerprint(['a', 'b'])).toBe(fingerprint(['b', 'a']));
    expect(fingerprint(['a', 'b'])).not.toBe(fingerprint(['a', 'b', 'c']));
    expect(fingerprint(['a', 'b'])).not.toBe(fingerprint(['a', 'c']));
    expect(fingerprint(['ab'])).not.toBe(fingerprint(['a', 'b']));
  });
});

describe('sorting a list', () => {
  const columns = listColumns<Device>(
    [
      { id: 'name', header: 'Name', sortValue: (d) => d.name, cell: (d) => d.name },
      { id: 'status', header: 'Status', sortValue: (d) => d.status, cell: (d) => d.status },
    ],
    () => undefined,
  );
  const rows = mergeRows(listing, devices, (d) => d.id) as ListRow<Device>[];
  const names = (sorted: readonly ListRow<Device>[]) => sorted.map((r) => r.name);
  const isFolder = (r: ListRow<Device>) => r.type === 'folder';

  it('keeps the folders above the items in both directions, each sorted by name', () => {
    expect(names(sortRows(rows, columns, { column: 'name', direction: 'asc' }, isFolder))).toEqual([
      'Attic',
      'Lab',
      'alpha',
      'zeta',
    ]);
    expect(names(sortRows(rows, columns, { column: 'name', direction: 'desc' }, isFolder))).toEqual([
      'Lab',
      'Attic',
      'zeta',
      'alpha',
    ]);
  });

  it("sorts the items by a kind's own column, folders still first", () => {
    // ONLINE before OFFLINE descending; folders have no status and keep their order.
    expect(names(sortRows(rows, columns, { column: 'status', direction: 'desc' }, isFolder))).toEqual([
      'Lab',
      'Attic',
      'zeta',
      'alpha',
    ]);
    expect(names(sortRows(rows, columns, { column: 'status', direction: 'asc' }, isFolder))).toEqual([
      'Lab',
      'Attic',
      'alpha',
      'zeta',
    ]);
  });
});
