import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, space } from '@/test/app-harness.tsx';
import type { Dashboard } from '../dashboards/api/dashboard-schemas.ts';
import type { Device, Thing } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';

const greenhouse: Device = { id: 'd1', name: 'greenhouse-1', device_status: 'ONLINE' };
const spare: Device = { id: 'd2', name: 'spare', device_status: 'OFFLINE' };
const attic: Device = { id: 'd3', name: 'attic', device_status: 'OFFLINE' };
const lab = {
  id: 'f9',
  name: 'Lab',
  kind: 'DEVICE' as const,
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
};

const deviceRows = () => screen.queryAllByTestId('device-row');
const deviceNames = () => deviceRows().map((r) => r.querySelector('a')?.textContent);
const folderRows = () => screen.queryAllByTestId('folder-row');
const dialog = (name: string) => screen.getByRole('dialog', { name });

describe('group lists: folders', () => {
  it('creates a folder, opens it, goes back by the breadcrumb and renames it', async () => {
    const iot = fakeIot({ devices: [greenhouse] });
    renderApp('/devices/', { handle: iot.handle });
    await waitFor(() => expect(deviceRows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    fireEvent.click(within(dialog('New folder')).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog('New folder')).getByRole('alert').textContent).toBe('Give the folder a name.');
    fireEvent.change(within(dialog('New folder')).getByLabelText('Folder name'), {
      target: { value: ' Lab ' },
    });
    fireEvent.click(within(dialog('New folder')).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(folderRows()).toHaveLength(1));
    expect(iot.groups.calls).toContainEqual({
      method: 'POST',
      url: '/groups/v1/folders',
      body: { name: 'Lab', kind: 'DEVICE' },
      organization: 'my-cloud',
    });

    fireEvent.click(within(folderRows()[0] as HTMLElement).getByRole('button', { name: 'Lab' }));
    expect(await screen.findByText('This folder is empty')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(crumbs).getByText('Lab').getAttribute('aria-current')).toBe('location');

    // A folder inside it is made with it as its parent.
    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    fireEvent.change(within(dialog('New folder')).getByLabelText('Folder name'), {
      target: { value: 'Probes' },
    });
    fireEvent.click(within(dialog('New folder')).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(folderRows()).toHaveLength(1));
    expect(iot.groups.state.folders.find((f) => f.name === 'Probes')?.parent_id).toBe(
      iot.groups.state.folders.find((f) => f.name === 'Lab')?.id,
    );

    // A visit to the trash comes back to the same folder.
    fireEvent.click(screen.getByRole('link', { name: 'Trash' }));
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to devices' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Probes' })).toBeTruthy());
    const back = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(back).getByText('Lab').getAttribute('aria-current')).toBe('location');

    fireEvent.click(within(back).getByRole('button', { name: 'All devices' }));
    await waitFor(() => expect(deviceRows()).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Folders' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Rename folder Lab' }));
    const rename = dialog('Rename folder');
    expect((within(rename).getByLabelText('Folder name') as HTMLInputElement).value).toBe('Lab');
    fireEvent.change(within(rename).getByLabelText('Folder name'), { target: { value: 'Greenhouse' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Greenhouse' })).toBeTruthy());
  });

  it('moves items into a folder with the Move dialog and out again; deleting the folder keeps its items', async () => {
    const iot = fakeIot({ devices: [greenhouse, spare, attic] }, { folders: [lab] });
    renderApp('/devices/', { handle: iot.handle });
    await waitFor(() => expect(deviceRows()).toHaveLength(3));

    // Two at once, through the selection.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select spare' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select attic' }));
    expect(screen.getByRole('region', { name: 'Selected items' }).textContent).toContain('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Move selected' }));
    const move = dialog('Move 2 devices');
    expect(await within(move).findByRole('radio', { name: /No folder/ })).toHaveProperty('disabled', true);
    const move2 = within(move).getByRole('button', { name: 'Move' });
    expect(move2).toHaveProperty('disabled', true);
    fireEvent.click(await within(move).findByRole('radio', { name: 'Lab' }));
    fireEvent.click(move2);
    await waitFor(() => expect(deviceNames()).toEqual(['greenhouse-1']));
    expect(iot.groups.calls).toContainEqual({
      method: 'PUT',
      url: '/groups/v1/items',
      body: { kind: 'DEVICE', ids: expect.arrayContaining(['d2', 'd3']), folder_id: 'f9' },
      organization: 'my-cloud',
    });
    expect(await screen.findByText('2 devices moved to Lab')).toBeTruthy();

    // Inside the folder, one goes back out.
    fireEvent.click(screen.getByRole('button', { name: 'Lab' }));
    await waitFor(() => expect(deviceRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Move spare' }));
    fireEvent.click(await within(dialog('Move spare')).findByRole('radio', { name: /No folder/ }));
    fireEvent.click(within(dialog('Move spare')).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(deviceNames()).toEqual(['attic']));

    // Back at the top, the folder is deleted: attic comes up with it.
    fireEvent.click(screen.getByRole('button', { name: 'All devices' }));
    await waitFor(() => expect(deviceRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete folder Lab' }));
    expect(dialog('Delete folder').textContent).toContain('moves up to the top level');
    fireEvent.click(within(dialog('Delete folder')).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(deviceRows()).toHaveLength(3));
    expect(folderRows()).toHaveLength(0);
  });

  it('searches the names of the folders and items shown, and focuses the search with forcesearch', async () => {
    const iot = fakeIot({ devices: [greenhouse, spare] }, { folders: [lab] });
    renderApp('/devices/?forcesearch=true', { handle: iot.handle });
    await waitFor(() => expect(deviceRows()).toHaveLength(2));
    const search = screen.getByRole('searchbox', { name: 'Search devices' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    fireEvent.change(search, { target: { value: 'GREEN' } });
    expect(deviceNames()).toEqual(['greenhouse-1']);
    expect(folderRows()).toHaveLength(0);
    fireEvent.change(search, { target: { value: 'nothing' } });
    expect(screen.getByText('No device or folder matches “nothing”')).toBeTruthy();
  });
});

describe('group lists: trash', () => {
  it('deletes several items at once to the trash, with Undo', async () => {
    const iot = fakeIot({ devices: [greenhouse, spare, attic] });
    renderApp('/devices/', { handle: iot.handle });
    await waitFor(() => expect(deviceRows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select greenhouse-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await waitFor(() => expect(deviceNames()).toEqual(['greenhouse-1']));
    expect(iot.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/iot/v2/devices/d2',
      '/iot/v2/devices/d3',
    ]);
    expect(await screen.findByText('2 devices were moved to the trash')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(deviceRows()).toHaveLength(3));
  });

  it("restores from the kind's trash, says why a restore is refused, and deletes for good after asking", async () => {
    const iot = fakeIot({
      things: [] as Thing[],
      dashboards: [] as Dashboard[],
      devices: [greenhouse, spare, attic],
    });
    renderApp('/devices/', { handle: iot.handle });
    await waitFor(() => expect(deviceRows()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Delete spare' }));
    await waitFor(() => expect(deviceRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete attic' }));
    await waitFor(() => expect(deviceRows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('link', { name: 'Trash' }));
    const trashRows = () => screen.queryAllByTestId('trash-row');
    await waitFor(() => expect(trashRows()).toHaveLength(2));
    expect(screen.getByRole('table', { name: 'Devices in the trash' })).toBeTruthy();
    const restore = screen.getByRole('button', { name: 'Restore' });
    expect(restore).toHaveProperty('disabled', true);

    iot.groups.state.refuseRestore = 'Your plan allows 2 devices.';
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select spare' }));
    fireEvent.click(restore);
    expect(await screen.findByText('Network Error: Your plan allows 2 devices.')).toBeTruthy();
    expect(trashRows()).toHaveLength(2);

    iot.groups.state.refuseRestore = null;
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(trashRows()).toHaveLength(1));
    expect(await screen.findByText('spare was restored')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select attic' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    const confirm = dialog('Delete for good');
    expect(confirm.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
    expect(iot.groups.calls).toContainEqual({
      method: 'POST',
      url: '/groups/v1/trash/purge',
      body: { items: [{ kind: 'DEVICE', id: 'd3' }] },
      organization: 'my-cloud',
    });

    fireEvent.click(screen.getByRole('link', { name: 'Back to devices' }));
    await waitFor(() => expect(deviceNames().sort()).toEqual(['greenhouse-1', 'spare']));
  });
});

describe('group lists: pages and roles', () => {
  it('lists sketches from the groups API, with Move and Delete beside their own actions', async () => {
    const iot = fakeIot({ sketches: [{ id: 's1', name: 'Blink' }] });
    renderApp('/sketches/', { handle: iot.handle });
    const row = await screen.findByTestId('sketch-row');
    expect(row.textContent).toContain('Blink');
    expect(within(row).getByRole('button', { name: 'Move Blink' })).toBeTruthy();
    // The rest of the page is features/sketches' (sketches-page.test.tsx).
    expect(within(row).getByRole('button', { name: 'Delete Blink' })).toBeTruthy();
  });

  it('says what dashboards are when there are none, without pointing at the API', async () => {
    renderApp('/dashboards/', { handle: fakeIot().handle });
    expect(await screen.findByText('No dashboards yet')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/through the API/);
    expect(screen.getByRole('link', { name: 'Trash' }).getAttribute('href')).toBe('/dashboards/?view=trash');
  });

  it('offers no delete to a role that may not delete, but lets it make folders and move', async () => {
    const iot = fakeIot({ devices: [spare] });
    renderApp('/devices/', {
      organizations: [
        space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: ['role:edu-student'] }),
      ],
      selectedId: 'edu1',
      handle: iot.handle,
    });
    await waitFor(() => expect(deviceRows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Delete spare' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move spare' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New folder' })).toBeTruthy();
    expect(iot.groups.calls.every((c) => c.organization === 'edu1')).toBe(true);
  });
});
