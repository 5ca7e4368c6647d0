import { toErrorBody } from '@tinkercloud/shared';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import type { Folder, GroupItem } from '../api/groups.ts';
import type { GroupKind, ListName } from '../model/list-kinds.ts';

export interface Named {
  id: string;
  name: string;
  created_at?: string | undefined;
  updated_at?: string | undefined;
}

/** One kind's live records and its trash, as the fake IoT API keeps them. */
export interface KindStore {
  live: () => Named[];
  /** Soft-deleted records with when they were deleted. */
  trash: { record: Named; deleted_at: string }[];
  restore: (record: Named) => void;
}

export interface FakeGroupsState {
  folders: Folder[];
  /** Which folder each item is in (absent: the top). */
  placement: Record<string, string>;
  /** When set, a restore is refused with this detail (a plan limit). */
  refuseRestore: string | null;
}

export interface GroupCall {
  method: string;
  url: string;
  body: unknown;
  organization: string | undefined;
}

const LISTS: Record<ListName, GroupKind> = {
  devices: 'DEVICE',
  things: 'THING',
  dashboards: 'DASHBOARD',
  sketches: 'SKETCH',
  triggers: 'TRIGGER',
};
const STAMP = '2026-03-01T12:00:00.000Z';

const refused = (status: number, detail: string) =>
  new ApiError(toErrorBody({ code: status === 404 ? 'not_found' : 'forbidden', detail, status }));

/**
 * An in-memory stand-in for `/groups/v1` over the fake IoT state (page tests): folders, placement, the trash,
 * restore and purge, with every call recorded in `calls`.
 */
export function fakeGroups(stores: Record<GroupKind, KindStore>, seed: Partial<FakeGroupsState> = {}) {
  const state: FakeGroupsState = { folders: [], placement: {}, refuseRestore: null, ...seed };
  const calls: GroupCall[] = [];
  let made = 0;

  const item = (kind: GroupKind, r: Named, deleted_at?: string): GroupItem => ({
    id: r.id,
    kind,
    name: r.name,
    ...(state.placement[r.id] ? { folderId: state.placement[r.id] } : {}),
    created_at: r.created_at ?? STAMP,
    updated_at: r.updated_at ?? STAMP,
    ...(deleted_at ? { deleted_at } : {}),
  });
  const folder = (id: string) => {
    const found = state.folders.find((f) => f.id === id);
    if (!found) throw refused(404, 'Folder not found');
    return found;
  };

  const handle = (url: string, options: RequestOptions): unknown => {
    if (!url.startsWith('/groups/v1/')) return undefined;
    const method = options.method ?? 'GET';
    calls.push({ method, url, body: options.body, organization: options.organization });
    const [path = '', query = ''] = url.slice('/groups/v1/'.length).split('?');
    const [first, id] = path.split('/');
    const body = options.body as Record<string, unknown>;
    if (path === 'trash') {
      const items = (Object.keys(stores) as GroupKind[]).flatMap((kind) =>
        stores[kind].trash.map((t) => item(kind, t.record, t.deleted_at)),
      );
      return { items };
    }
    if (path === 'trash/restore' || path === 'trash/purge') {
      if (path === 'trash/restore' && state.refuseRestore) throw refused(403, state.refuseRestore);
      for (const ref of body.items as { kind: GroupKind; id: string }[]) {
        const store = stores[ref.kind];
        const at = store.trash.findIndex((t) => t.record.id === ref.id);
        if (at === -1) throw refused(404, 'Item not found');
        const [gone] = store.trash.splice(at, 1);
        if (path === 'trash/restore' && gone) store.restore(gone.record);
      }
      return null;
    }
    if (first === 'folders') {
      if (method === 'POST') {
        made += 1;
        const f: Folder = {
          id: `f0000000-0000-4000-8000-00000000000${made}`,
          name: String(body.name),
          kind: body.kind as GroupKind,
          ...(body.parent_id ? { parent_id: String(body.parent_id) } : {}),
          created_at: STAMP,
          updated_at: STAMP,
        };
        state.folders.push(f);
        return f;
      }
      const f = folder(id ?? '');
      if (method === 'PATCH') {
        if (typeof body.name === 'string') f.name = body.name;
        return f;
      }
      // DELETE: what it held moves up to its parent.
      state.folders = state.folders.filter((x) => x.id !== f.id);
      for (const child of state.folders) if (child.parent_id === f.id) child.parent_id = f.parent_id;
      for (const [itemId, folderId] of Object.entries(state.placement)) {
        if (folderId !== f.id) continue;
        if (f.parent_id) state.placement[itemId] = f.parent_id;
        else delete state.placement[itemId];
      }
      return null;
    }
    if (first === 'items' && method === 'PUT') {
      for (const itemId of body.ids as string[]) {
        if (body.folder_id) state.placement[itemId] = String(body.folder_id);
        else delete state.placement[itemId];
      }
      return null;
    }
    const kind = LISTS[first as ListName];
    if (!kind) throw refused(404, 'List not found');
    const parent = new URLSearchParams(query).get('parent_id');
    if (parent) folder(parent);
    return {
      folders: state.folders.filter((f) => f.kind === kind && (f.parent_id ?? null) === parent),
      items: stores[kind]
        .live()
        .filter((r) => (state.placement[r.id] ?? null) === parent)
        .map((r) => item(kind, r)),
    };
  };

  return { state, calls, handle };
}
