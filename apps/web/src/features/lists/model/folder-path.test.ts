import { describe, expect, it } from 'vitest';
import {
  currentFolderId,
  type FolderPath,
  folderChoices,
  leaveDeleted,
  openFolder,
  renameOnPath,
  upTo,
} from './folder-path.ts';

const lab = { id: 'f1', name: 'Lab' };
const sensors = { id: 'f2', name: 'Sensors' };
const old = { id: 'f3', name: 'Old' };

describe('folder navigation', () => {
  it('opens folders one inside the other and lists from the top', () => {
    const path = openFolder(openFolder([], lab), sensors);
    expect(path).toEqual([lab, sensors]);
    expect(currentFolderId(path)).toBe('f2');
    expect(currentFolderId([])).toBeNull();
  });

  it('goes back up to a breadcrumb: -1 is the top', () => {
    const path: FolderPath = [lab, sensors, old];
    expect(upTo(path, 0)).toEqual([lab]);
    expect(upTo(path, 1)).toEqual([lab, sensors]);
    expect(upTo(path, -1)).toEqual([]);
  });

  it('follows a rename and leaves a deleted folder for its parent', () => {
    const path: FolderPath = [lab, sensors, old];
    expect(renameOnPath(path, 'f2', 'Probes')[1]).toEqual({ id: 'f2', name: 'Probes' });
    expect(leaveDeleted(path, 'f2')).toEqual([lab]);
    expect(leaveDeleted(path, 'elsewhere')).toBe(path);
  });
});

describe('folderChoices', () => {
  it('names each folder by its path, sorted', () => {
    expect(
      folderChoices([
        { id: 'f2', name: 'Sensors', parent_id: 'f1' },
        { id: 'f1', name: 'Lab' },
        { id: 'f4', name: 'attic' },
        { id: 'f3', name: 'Old', parent_id: 'f2' },
      ]),
    ).toEqual([
      { id: 'f4', label: 'attic' },
      { id: 'f1', label: 'Lab' },
      { id: 'f2', label: 'Lab / Sensors' },
      { id: 'f3', label: 'Lab / Sensors / Old' },
    ]);
  });

  it('survives a parent it does not know', () => {
    expect(folderChoices([{ id: 'f2', name: 'Sensors', parent_id: 'gone' }])).toEqual([
      { id: 'f2', label: 'Sensors' },
    ]);
  });
});
