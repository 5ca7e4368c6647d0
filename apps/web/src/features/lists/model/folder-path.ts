/** Where the user is in a list: the folders opened from the top, outermost first (empty at the top). */
export type FolderPath = readonly { id: string; name: string }[];

export const currentFolderId = (path: FolderPath): string | null => path.at(-1)?.id ?? null;

export const openFolder = (path: FolderPath, folder: { id: string; name: string }): FolderPath => [
  ...path,
  { id: folder.id, name: folder.name },
];

/** Back to a breadcrumb: -1 is the top, 0 the first folder opened, and so on. */
export const upTo = (path: FolderPath, index: number): FolderPath => path.slice(0, Math.max(0, index + 1));

/** A folder renamed while it is on the path keeps its new name in the breadcrumb. */
export const renameOnPath = (path: FolderPath, id: string, name: string): FolderPath =>
  path.map((f) => (f.id === id ? { ...f, name } : f));

/** A folder deleted while it is on the path: the user goes up to its parent. */
export const leaveDeleted = (path: FolderPath, id: string): FolderPath => {
  const at = path.findIndex((f) => f.id === id);
  return at === -1 ? path : path.slice(0, at);
};

/**
 * The folders of a list as the Move dialog names them ("Lab / Sensors"), parents first, from a flat list
 * where each folder names its parent.
 */
export function folderChoices(
  folders: readonly { id: string; name: string; parent_id?: string | undefined }[],
) {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const label = (id: string, seen = new Set<string>()): string => {
    const f = byId.get(id);
    if (!f) return '';
    if (!f.parent_id || seen.has(f.parent_id) || !byId.has(f.parent_id)) return f.name;
    seen.add(id);
    return `${label(f.parent_id, seen)} / ${f.name}`;
  };
  return folders
    .map((f) => ({ id: f.id, label: label(f.id) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true, sensitivity: 'base' }));
}
