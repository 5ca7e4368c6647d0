import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { toast } from '@/lib/toast.tsx';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { countOf, type ListKind } from '../model/list-kinds.ts';
import { groupKeys } from './group-keys.ts';
import {
  createFolder,
  deleteFolder,
  type Folder,
  type ItemRef,
  moveItems,
  purgeItems,
  renameFolder,
  restoreItems,
} from './groups.ts';
import { useGroupsApi } from './use-groups-api.ts';

/** How long the Undo of a delete stays offered. */
export const UNDO_MS = 10_000;

export interface Named {
  id: string;
  name: string;
}

const nameOf = (kind: ListKind, items: readonly Named[]) =>
  items.length === 1 ? (items[0]?.name ?? '') : countOf(kind, items.length);

/** Restores items from the trash; a refusal (a plan limit) shows the server's reason. */
export function useRestoreItems(kind: ListKind) {
  const g = useGroupsApi();
  return useApiMutation<void, Named[]>({
    mutationFn: (items) =>
      restoreItems(
        g,
        items.map((i) => ({ kind: kind.kind, id: i.id })),
      ),
    // Every list of the space: a restored device is bound to no thing, a count changes on the plan page.
    invalidates: [iotKeys.space(g.space)],
    successMessage: (_, items) => `${nameOf(kind, items)} ${items.length === 1 ? 'was' : 'were'} restored`,
  });
}

/**
 * Sends items to the trash through their own DELETE (soft by default) and offers Undo, which restores them.
 * Items go one by one: when one is refused, the ones before it are in the trash and the list says so.
 */
export function useTrashItems(kind: ListKind, deleteItem: (id: string) => Promise<void>) {
  const g = useGroupsApi();
  const restore = useRestoreItems(kind);
  return useApiMutation<Named[], Named[]>({
    mutationFn: async (items) => {
      for (const item of items) await deleteItem(item.id);
      return items;
    },
    invalidates: [iotKeys.space(g.space)],
    onSuccess: (items) => {
      toast.success(`${nameOf(kind, items)} ${items.length === 1 ? 'was' : 'were'} moved to the trash`, {
        duration: UNDO_MS,
        actions: [{ label: 'Undo', onClick: () => restore.mutate(items) }],
      });
    },
  });
}

/** Deletes items for good. */
export function usePurgeItems(kind: ListKind) {
  const g = useGroupsApi();
  return useApiMutation<void, Named[]>({
    mutationFn: (items) =>
      purgeItems(
        g,
        items.map((i): ItemRef => ({ kind: kind.kind, id: i.id })),
      ),
    invalidates: [groupKeys.trash(g.space)],
    successMessage: (_, items) =>
      `${nameOf(kind, items)} ${items.length === 1 ? 'was' : 'were'} deleted for good`,
  });
}

/** Moves items into a folder, or out of any folder (`folder` null). */
export function useMoveItems(kind: ListKind) {
  const g = useGroupsApi();
  return useApiMutation<void, { items: Named[]; folder: Named | null }>({
    mutationFn: ({ items, folder }) =>
      moveItems(
        g,
        kind.kind,
        items.map((i) => i.id),
        folder?.id ?? null,
      ),
    invalidates: [groupKeys.list(g.space, kind.list)],
    successMessage: (_, { items, folder }) =>
      `${nameOf(kind, items)} moved to ${folder ? folder.name : 'the top level'}`,
  });
}

export function useCreateFolder(kind: ListKind) {
  const g = useGroupsApi();
  return useApiMutation<Folder, { name: string; parent: string | null }>({
    mutationFn: ({ name, parent }) =>
      createFolder(g, { name, kind: kind.kind, ...(parent ? { parent_id: parent } : {}) }),
    invalidates: [groupKeys.list(g.space, kind.list)],
  });
}

export function useRenameFolder(kind: ListKind) {
  const g = useGroupsApi();
  return useApiMutation<Folder, { id: string; name: string }>({
    mutationFn: ({ id, name }) => renameFolder(g, id, name),
    invalidates: [groupKeys.list(g.space, kind.list)],
  });
}

/** What the folder held moves up to its parent. */
export function useDeleteFolder(kind: ListKind) {
  const g = useGroupsApi();
  return useApiMutation<void, Named>({
    mutationFn: (folder) => deleteFolder(g, folder.id),
    invalidates: [groupKeys.list(g.space, kind.list)],
    successMessage: (_, folder) => `Folder ${folder.name} was deleted`,
  });
}
