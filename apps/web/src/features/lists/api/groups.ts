import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { z } from 'zod';
import { enc, iotUrl } from '@/features/iot/api/detail-queries.ts';
import type { ApiRequest } from '@/lib/api.ts';
import type { GroupKind, ListName } from '../model/list-kinds.ts';
import { groupKeys } from './group-keys.ts';

const kindSchema = z.enum(['DEVICE', 'THING', 'DASHBOARD', 'SKETCH', 'TRIGGER']);

export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: kindSchema,
  parent_id: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

export const groupItemSchema = z.object({
  id: z.string(),
  kind: kindSchema,
  name: z.string(),
  folderId: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().optional(),
});
export type GroupItem = z.infer<typeof groupItemSchema>;

const listingSchema = z.object({ folders: z.array(folderSchema), items: z.array(groupItemSchema) });
export type Listing = z.infer<typeof listingSchema>;

export interface ItemRef {
  kind: GroupKind;
  id: string;
}

/** The API host's `/groups/v1` calls, always in the selected space (X-Organization). */
export interface GroupsApi {
  api: ApiRequest;
  config: AppConfig;
  space: string;
}

const call = <T>({ api, config, space }: GroupsApi, path: string, method = 'GET', body?: unknown) =>
  api<T>(iotUrl(config, `/groups/v1${path}`), {
    method,
    organization: space,
    ...(body === undefined ? {} : { body }),
  });

/**
 * The folders and items of one list under a folder (the top when `parent` is null). `fingerprint` names the
 * set of items the kind's own list holds: when that set changes (an item made or deleted elsewhere), the key
 * changes and the placement is read again.
 */
export function listingQueryOptions(g: GroupsApi, list: ListName, parent: string | null, fingerprint = '') {
  return queryOptions({
    queryKey: groupKeys.listing(g.space, list, parent, fingerprint),
    queryFn: async (): Promise<Listing> =>
      listingSchema.parse(await call(g, `/${list}${parent ? `?parent_id=${enc(parent)}` : ''}`)),
  });
}

/** Guards the walk below against a runaway tree; far more folders than a person keeps. */
const MAX_FOLDERS = 500;

/** Every folder of a list, parents before children (for the Move dialog's picker). */
export function allFoldersQueryOptions(g: GroupsApi, list: ListName) {
  return queryOptions({
    queryKey: groupKeys.allFolders(g.space, list),
    queryFn: async (): Promise<Folder[]> => {
      const found: Folder[] = [];
      const queue: (string | null)[] = [null];
      while (queue.length > 0 && found.length < MAX_FOLDERS) {
        const parent = queue.shift() ?? null;
        const { folders } = listingSchema.parse(
          await call(g, `/${list}${parent ? `?parent_id=${enc(parent)}` : ''}`),
        );
        found.push(...folders);
        queue.push(...folders.map((f) => f.id));
      }
      return found;
    },
  });
}

/** The space's trash, every kind (each list shows its own). */
export function trashQueryOptions(g: GroupsApi) {
  return queryOptions({
    queryKey: groupKeys.trash(g.space),
    queryFn: async (): Promise<GroupItem[]> =>
      z.object({ items: z.array(groupItemSchema) }).parse(await call(g, '/trash')).items,
  });
}

export const createFolder = (g: GroupsApi, body: { name: string; kind: GroupKind; parent_id?: string }) =>
  call(g, '/folders', 'POST', body).then((f) => folderSchema.parse(f));

export const renameFolder = (g: GroupsApi, id: string, name: string) =>
  call(g, `/folders/${enc(id)}`, 'PATCH', { name }).then((f) => folderSchema.parse(f));

/** What the folder held moves up to its parent. */
export const deleteFolder = (g: GroupsApi, id: string) => call<void>(g, `/folders/${enc(id)}`, 'DELETE');

/** Into a folder, or out of any folder with null. */
export const moveItems = (g: GroupsApi, kind: GroupKind, ids: string[], folderId: string | null) =>
  call<void>(g, '/items', 'PUT', { kind, ids, folder_id: folderId });

export const restoreItems = (g: GroupsApi, items: ItemRef[]) =>
  call<void>(g, '/trash/restore', 'POST', { items });

export const purgeItems = (g: GroupsApi, items: ItemRef[]) =>
  call<void>(g, '/trash/purge', 'POST', { items });
