import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable } from './DataTable.tsx';

interface Row {
  id: string;
  name: string;
  count: number | null;
}
const rows: Row[] = [
  { id: 'a', name: 'beta', count: 2 },
  { id: 'b', name: 'Alpha', count: null },
  { id: 'c', name: 'gamma10', count: 10 },
];
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name, rowHeader: true },
  { id: 'count', header: 'Count', cell: (r) => r.count ?? '–', sortValue: (r) => r.count },
  { id: 'plain', header: 'Plain', cell: () => 'x' },
];
const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent);

describe('DataTable', () => {
  it('sorts by a column header button, toggling the direction, blanks last', () => {
    render(<DataTable label="Rows" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(names()).toEqual(['beta', 'Alpha', 'gamma10']);
    const count = screen.getByRole('columnheader', { name: 'Count' });
    fireEvent.click(within(count).getByRole('button', { name: 'Count' }));
    expect(count.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['beta', 'gamma10', 'Alpha']);
    fireEvent.click(within(count).getByRole('button'));
    expect(count.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['gamma10', 'beta', 'Alpha']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Alpha', 'beta', 'gamma10']);
    expect(within(screen.getByRole('columnheader', { name: 'Plain' })).queryByRole('button')).toBeNull();
  });

  it('scrolls in a labelled region that the keyboard can reach', () => {
    render(<DataTable label="Things" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Things' })).toBeTruthy();
  });

  it("names each data cell by its column for the phone's card layout; a buttons column stays unnamed", () => {
    const withButtons: Column<Row>[] = [
      ...columns,
      {
        id: 'manage',
        header: 'Manage',
        buttons: true,
        cell: (r) => <button type="button">Move {r.name}</button>,
      },
    ];
    render(<DataTable label="Rows" columns={withButtons} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByRole('table').classList.contains('table-cards')).toBe(true);
    const [first] = screen.getAllByRole('row').slice(1);
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Count', 'Plain', null]);
    expect(within(cells[2] as HTMLElement).getByRole('button', { name: 'Move beta' })).toBeTruthy();
  });

  it('selects rows with checkboxes, and all of them from the header', () => {
    function Selectable() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <>
          <DataTable
            label="Rows"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            selected={selected}
            onSelectedChange={setSelected}
          />
          <output>{[...selected].sort().join(',')}</output>
        </>
      );
    }
    render(<Selectable />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select b' }));
    expect(screen.getByRole('status').textContent).toBe('b');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('status').textContent).toBe('a,b,c');
    expect((screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('keeps pinned rows first in any sort and offers checkboxes only where asked, named by rowLabel', () => {
    const pinned = (r: Row) => r.id === 'c';
    function Picker() {
      const [selected, setSelected] = useState<Set<string>>(new Set());
      return (
        <DataTable
          label="Rows"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          keepFirst={pinned}
          canSelect={(r) => !pinned(r)}
          rowLabel={(r) => r.name}
          selected={selected}
          onSelectedChange={setSelected}
        />
      );
    }
    render(<Picker />);
    expect(names()).toEqual(['gamma10', 'beta', 'Alpha']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['gamma10', 'Alpha', 'beta']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['gamma10', 'beta', 'Alpha']);
    expect(screen.queryByRole('checkbox', { name: 'Select gamma10' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select beta' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveProperty('checked', true);
  });

  it('has no checkboxes without selection', () => {
    render(<DataTable label="Rows" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
