import type { Database } from '../../../db/client.ts';
import type { GroupKind } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../errors.ts';
import { compact, iso } from '../common/schemas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import type { DashboardsService } from '../dashboards/dashboards.service.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { SketchesService } from '../sketches/sketches.service.ts';
import type { ThingsService } from '../things/things.service.ts';
import type { TriggersService } from '../triggers/triggers.service.ts';
import {
  createGroupsRepository,
  type FolderRow,
  ITEM_KINDS,
  type ItemKind,
  type ItemRow,
} from './groups.repository.ts';

const LIST_KINDS: Record<string, GroupKind[]> = {
  devices: ['DEVICE'],
  things: ['THING'],
  dashboards: ['DASHBOARD'],
  sketches: ['SKETCH'],
  triggers: ['TRIGGER'],
  all: ['DEVICE', 'THING', 'DASHBOARD', 'SKETCH', 'TRIGGER'],
};

const folderView = (f: FolderRow) =>
  compact({
    id: f.id,
    name: f.name,
    kind: f.kind,
    parent_id: f.parentId ?? undefined,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  });

const itemView = (kind: GroupKind, r: ItemRow) =>
  compact({
    id: r.id,
    kind,
    name: r.name,
    folderId: r.folderId ?? undefined,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    deleted_at: iso(r.deletedAt),
  });

const isItemKind = (k: GroupKind): k is ItemKind => (ITEM_KINDS as string[]).includes(k);

/**
 * The web app's group lists (spec 7.4): folders and items of each kind under `parent_id`, moving items
 * between folders, and the trash (soft-deleted items listed, restored or purged through each resource's own
 * rules, quotas and roles included).
 */
export function createGroupsService(deps: {
  db: Database;
  resolve: SpaceResolver;
  devices: DevicesService;
  things: ThingsService;
  dashboards: DashboardsService;
  triggers: TriggersService;
  sketches: Pick<SketchesService, 'restore' | 'remove'>;
}) {
  const repo = createGroupsRepository(deps.db);

  async function folderOf(space: IotSpace, id: string, kinds?: readonly GroupKind[]) {
    const f = await repo.folder(space, id);
    if (!f || (kinds && !kinds.includes(f.kind))) throw notFound('Folder');
    return f;
  }

  return {
    async list(ref: SpaceRequest, list: string, q: { parentId?: string; showDeleted?: boolean }) {
      const kinds = LIST_KINDS[list];
      if (!kinds) throw notFound('List');
      const space = await deps.resolve(ref, 'iot.read');
      const parent = q.parentId ? await folderOf(space, q.parentId, kinds) : null;
      const folders = await repo.folders(space, kinds, parent?.id ?? null);
      const items = [];
      for (const kind of kinds.filter(isItemKind)) {
        const rows = await repo.items(space, kind, {
          folderId: parent?.id ?? null,
          withDeleted: q.showDeleted ?? false,
        });
        items.push(...rows.map((r) => itemView(kind, r)));
      }
      return { folders: folders.map(folderView), items };
    },

    async trash(ref: SpaceRequest) {
      const space = await deps.resolve(ref, 'iot.read');
      const items = [];
      for (const kind of ITEM_KINDS) {
        items.push(...(await repo.items(space, kind, { trash: true })).map((r) => itemView(kind, r)));
      }
      return { items };
    },

    async createFolder(ref: SpaceRequest, body: { name: string; kind: GroupKind; parent_id?: string }) {
      const space = await deps.resolve(ref, 'iot.write');
      if (body.parent_id) await folderOf(space, body.parent_id, [body.kind]);
      const f = await repo.insertFolder({
        organizationId: space.organizationId,
        ownerUserId: space.ownerUserId,
        kind: body.kind,
        name: body.name,
        parentId: body.parent_id ?? null,
      });
      return folderView(f);
    },

    async updateFolder(ref: SpaceRequest, id: string, body: { name?: string; parent_id?: string | null }) {
      const space = await deps.resolve(ref, 'iot.write');
      const f = await folderOf(space, id);
      if (body.parent_id) {
        await folderOf(space, body.parent_id, [f.kind]);
        if ((await repo.subtree(f.id)).includes(body.parent_id.toLowerCase())) {
          throw new AppError('validation_error', 'A folder cannot move into itself.');
        }
      }
      await repo.updateFolder(f.id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.parent_id !== undefined && { parentId: body.parent_id }),
      });
      return folderView(await folderOf(space, id));
    },

    /** Deletes a folder; what it held moves up to its parent. */
    async deleteFolder(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.delete');
      await repo.deleteFolder(await folderOf(space, id));
    },

    async move(ref: SpaceRequest, body: { kind: GroupKind; ids: string[]; folder_id: string | null }) {
      const space = await deps.resolve(ref, 'iot.write');
      if (!isItemKind(body.kind)) throw notFound('Item');
      if (body.folder_id) await folderOf(space, body.folder_id, [body.kind]);
      const ids = [...new Set(body.ids.map((i) => i.toLowerCase()))];
      const known = await repo.itemIds(space, body.kind, ids);
      if (ids.some((i) => !known.has(i))) throw notFound('Item');
      await repo.moveItems(body.kind, ids, body.folder_id);
    },

    /** Brings soft-deleted items back, each through its resource (quotas and roles apply). */
    async restore(ref: SpaceRequest, items: { kind: GroupKind; id: string }[]) {
      for (const { kind, id } of items) {
        if (kind === 'DEVICE') await deps.devices.update(ref, id, { soft_deleted: false });
        else if (kind === 'THING') await deps.things.update(ref, id, { soft_deleted: false }, false);
        else if (kind === 'DASHBOARD')
          await deps.dashboards.update(ref, id, { soft_deleted: false }, 'merge', 2);
        else if (kind === 'TRIGGER') await deps.triggers.update(ref, id, { soft_deleted: false }, 'merge');
        else if (kind === 'SKETCH') await deps.sketches.restore(ref, id);
        else throw notFound('Item');
      }
    },

    /** Deletes items for good, each through its resource. */
    async purge(ref: SpaceRequest, items: { kind: GroupKind; id: string }[]) {
      for (const { kind, id } of items) {
        if (kind === 'DEVICE') await deps.devices.remove(ref, id, true);
        else if (kind === 'THING') await deps.things.remove(ref, id, true);
        else if (kind === 'DASHBOARD') await deps.dashboards.remove(ref, id, true);
        else if (kind === 'TRIGGER') await deps.triggers.remove(ref, id, true);
        else if (kind === 'SKETCH') await deps.sketches.remove(ref, id, true);
        else throw notFound('Item');
      }
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
