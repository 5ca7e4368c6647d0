import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { ListName } from '../model/list-kinds.ts';

/**
 * The query keys of the group lists, under the space's `iot` key: a space change resets them, and a write that
 * invalidates `iotKeys.space` (deleting, restoring) reads the lists, the folders and the trash again.
 *
 * | key | holds |
 * |---|---|
 * | `['iot', space, 'groups', list, parent, fingerprint]` | `GET /groups/v1/{list}?parent_id=`: folders and items |
 * | `['iot', space, 'groups', list, 'all-folders']` | every folder of the list |
 * | `['iot', space, 'groups', 'trash']` | `GET /groups/v1/trash` |
 */
export const groupKeys = {
  all: (space: string) => [...iotKeys.space(space), 'groups'] as const,
  list: (space: string, list: ListName) => iotKeys.groupList(space, list),
  listing: (space: string, list: ListName, parent: string | null, fingerprint: string) =>
    [...groupKeys.list(space, list), parent ?? 'top', fingerprint] as const,
  allFolders: (space: string, list: ListName) => [...groupKeys.list(space, list), 'all-folders'] as const,
  trash: (space: string) => [...groupKeys.all(space), 'trash'] as const,
};
