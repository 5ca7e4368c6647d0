import { randomUUID } from 'node:crypto';
import { dashboardCopyName } from '@tinkercloud/shared';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import { createThingsRepository } from '../things/things.repository.ts';
import { dashboardTemplate, dashboardView } from './dashboard-view.ts';
import {
  createDashboardsRepository,
  type DashboardChanges,
  type DashboardRecord,
  type NewWidget,
} from './dashboards.repository.ts';
import type { DashboardBody, WidgetPayload } from './dashboards.schemas.ts';
import { SHARE_REQUEST_MAILS_PER_DAY, shareRequestMail } from './share-request-mail.ts';
import { widgetLayoutColumns } from './widget-row.ts';

type DashboardVersion = 2 | 3;
const UNKNOWN_PROPERTY = 'A widget links a property that does not exist in this space.';

const widgetRow = (
  dashboardId: string,
  w: WidgetPayload,
  position: number,
): NewWidget & { variables?: string[] } => ({
  dashboardId,
  id: w.id,
  ...widgetLayoutColumns(w),
  pageId: w.page_id ?? null,
  position,
  ...(w.variables && { variables: w.variables }),
});

/**
 * Dashboards v2 and v3 (v3 adds pages): CRUD with soft and forced delete, clone with thing overrides, widget
 * variables, shares (read access for named users) and templates. Linked properties must belong to the space.
 */
export function createDashboardsService(deps: {
  db: Database;
  resolve: SpaceResolver;
  mailer?: Mailer;
  /** Where committed changes are announced, so open browsers of the space re-read the dashboard. */
  events?: EventBus;
}) {
  const repo = createDashboardsRepository(deps.db);
  const live = iotEvents(deps.events);

  async function found(space: IotSpace, id: string, withDeleted = false) {
    const rec = await repo.find(space, id, { withDeleted });
    if (!rec) throw notFound('Dashboard');
    return rec;
  }

  async function views(records: DashboardRecord[], version: DashboardVersion, withShares: boolean) {
    const ids = records.map((r) => r.dashboard.id);
    const [widgets, linked] = await Promise.all([repo.widgets(ids), repo.linked(ids)]);
    const shares = withShares ? await Promise.all(records.map((r) => repo.shares(r.dashboard.id))) : [];
    return records.map((r, i) =>
      dashboardView(r, {
        widgets: widgets.filter((w) => w.dashboardId === r.dashboard.id),
        linked: linked.filter((l) => l.dashboardId === r.dashboard.id),
        shares: shares[i],
        version,
      }),
    );
  }

  async function one(rec: DashboardRecord, version: DashboardVersion) {
    return (await views([rec], version, true))[0] as ReturnType<typeof dashboardView>;
  }

  async function checkVariables(space: IotSpace, widgets: readonly { variables?: string[] }[]) {
    const ids = widgets.flatMap((w) => w.variables ?? []);
    const live = await repo.liveProperties(space, ids);
    if (ids.some((id) => !live.has(id))) throw new AppError('validation_error', UNKNOWN_PROPERTY);
  }

  function checkPages(body: DashboardBody, pages: { id: string }[] | null) {
    const known = new Set((body.pages ?? pages ?? []).map((p) => p.id.toLowerCase()));
    for (const w of body.widgets ?? []) {
      if (w.page_id && w.page_id !== '0' && !known.has(w.page_id.toLowerCase())) {
        throw new AppError(
          'validation_error',
          `Widget ${w.id} is on page ${w.page_id}, which the dashboard lacks.`,
        );
      }
    }
    const widgetIds = (body.widgets ?? []).map((w) => w.id.toLowerCase());
    if (new Set(widgetIds).size !== widgetIds.length)
      throw new AppError('validation_error', 'Two widgets share an id.');
  }

  /** PUT replaces the widget list; PATCH updates or adds the widgets it names and keeps the others. */
  async function write(
    space: IotSpace,
    id: string,
    body: DashboardBody,
    mode: 'replace' | 'merge',
    version: DashboardVersion,
  ) {
    const rec = await found(space, id, true);
    const restoring = rec.dashboard.deletedAt !== null && body.soft_deleted === false;
    if (rec.dashboard.deletedAt && !restoring) throw notFound('Dashboard');
    checkPages(body, rec.dashboard.pages);
    if (body.widgets) await checkVariables(space, body.widgets);
    const changes: DashboardChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.cover_image !== undefined) changes.coverImage = body.cover_image || null;
    if (version === 3 && body.pages !== undefined) changes.pages = body.pages;
    if (restoring) changes.deletedAt = null;
    await inTransaction(deps.db, async (tx) => {
      const txRepo = createDashboardsRepository(tx);
      await txRepo.update(id, changes);
      if (!body.widgets) return;
      if (mode === 'replace') await txRepo.deleteWidgets(id);
      const existing = mode === 'merge' ? await txRepo.widgets([id]) : [];
      const next = existing.length;
      await txRepo.putWidgets(
        id,
        body.widgets.map((w, i) => {
          const old = existing.find((e) => e.id.toLowerCase() === w.id.toLowerCase());
          return widgetRow(id, w, old ? old.position : next + i);
        }),
      );
    });
    live.dashboardChanged(space, id, 'dashboards.updated');
    return one(await found(space, id), version);
  }

  return {
    async list(
      ref: SpaceRequest,
      q: { name?: string; thing_id?: string; user_id?: string; show_deleted?: boolean },
      version: DashboardVersion,
    ) {
      const space = await deps.resolve(ref, 'iot.read');
      const rows = await repo.list(space, {
        name: q.name,
        thingId: q.thing_id,
        ownerId: q.user_id,
        showDeleted: q.show_deleted,
      });
      return views(rows, version, false);
    },

    /** A dashboard of the space, or one shared with the caller (read only). */
    async show(ref: SpaceRequest, id: string, version: DashboardVersion) {
      const space = await deps.resolve(ref, 'iot.read');
      const rec = (await repo.find(space, id)) ?? (await repo.findShared(space.actorId, id));
      if (!rec) throw notFound('Dashboard');
      return one(rec, version);
    },

    async create(ref: SpaceRequest, body: DashboardBody, version: DashboardVersion) {
      const space = await deps.resolve(ref, 'iot.write');
      checkPages(body, null);
      if (body.widgets) await checkVariables(space, body.widgets);
      const id = randomUUID();
      await inTransaction(deps.db, async (tx) => {
        const txRepo = createDashboardsRepository(tx);
        await txRepo.insert({
          id,
          organizationId: space.organizationId,
          ownerUserId: space.ownerUserId,
          name: body.name ?? 'Untitled',
          coverImage: body.cover_image || null,
          pages: version === 3 ? (body.pages ?? []) : null,
        });
        await txRepo.putWidgets(
          id,
          (body.widgets ?? []).map((w, i) => widgetRow(id, w, i)),
        );
      });
      live.dashboardChanged(space, id, 'dashboards.created');
      return one(await found(space, id), version);
    },

    async update(
      ref: SpaceRequest,
      id: string,
      body: DashboardBody,
      mode: 'replace' | 'merge',
      version: DashboardVersion,
    ) {
      return write(await deps.resolve(ref, 'iot.write'), id, body, mode, version);
    },

    async remove(ref: SpaceRequest, id: string, force: boolean) {
      const space = await deps.resolve(ref, 'iot.delete');
      const { dashboard } = await found(space, id, force);
      if (force) await repo.hardDelete(dashboard.id);
      else await repo.softDelete(dashboard.id);
      live.dashboardChanged(space, dashboard.id, 'dashboards.deleted');
    },

    /**
     * A copy with new widget ids; `overrides` relink the widgets from one thing to another of the space
     * (matching properties by variable name, then by name; links without a match are dropped).
     */
    async clone(
      ref: SpaceRequest,
      id: string,
      overrides: { old_thing_id: string; new_thing_id: string }[],
      version: DashboardVersion,
    ) {
      const space = await deps.resolve(ref, 'iot.write');
      const rec = await found(space, id);
      const things = createThingsRepository(deps.db);
      for (const o of overrides) {
        if (!(await things.find(space, o.new_thing_id))) throw notFound('Thing');
      }
      const [widgets, linked] = await Promise.all([repo.widgets([id]), repo.linked([id])]);
      const targets = await repo.propertiesOf(overrides.map((o) => o.new_thing_id));
      const remap = (l: (typeof linked)[number]): string | null => {
        const o = overrides.find((x) => x.old_thing_id.toLowerCase() === l.thingId);
        if (!o) return l.id;
        const candidates = targets.filter((t) => t.thingId === o.new_thing_id.toLowerCase());
        const match =
          (l.variableName && candidates.find((t) => t.variableName === l.variableName)) ||
          candidates.find((t) => t.name === l.name);
        return match ? match.id : null;
      };
      const newId = randomUUID();
      const pageIds = new Map((rec.dashboard.pages ?? []).map((p) => [p.id, randomUUID()]));
      await inTransaction(deps.db, async (tx) => {
        const txRepo = createDashboardsRepository(tx);
        await txRepo.insert({
          id: newId,
          organizationId: space.organizationId,
          ownerUserId: space.ownerUserId,
          // Not the same name: two dashboards called alike cannot be told apart in the list.
          name: dashboardCopyName(rec.dashboard.name),
          coverImage: rec.dashboard.coverImage,
          pages: rec.dashboard.pages
            ? rec.dashboard.pages.map((p) => ({ ...p, id: pageIds.get(p.id) ?? p.id }))
            : null,
        });
        await txRepo.putWidgets(
          newId,
          widgets.map((w) => ({
            ...w,
            dashboardId: newId,
            id: randomUUID(),
            pageId: w.pageId && pageIds.has(w.pageId) ? (pageIds.get(w.pageId) as string) : w.pageId,
            variables: linked
              .filter((l) => l.widgetId === w.id)
              .map(remap)
              .filter((x): x is string => x !== null),
          })),
        );
      });
      live.dashboardChanged(space, newId, 'dashboards.created');
      return one(await found(space, newId), version);
    },

    async template(ref: SpaceRequest, id: string, version: DashboardVersion) {
      const space = await deps.resolve(ref, 'iot.read');
      const rec = await found(space, id);
      const [widgets, linked] = await Promise.all([repo.widgets([id]), repo.linked([id])]);
      return dashboardTemplate(rec.dashboard, widgets, linked, version);
    },

    /** Links a widget to properties of the space (replacing its links). */
    async link(ref: SpaceRequest, id: string, widgetId: string, variables: string[]) {
      const space = await deps.resolve(ref, 'iot.write');
      await found(space, id);
      const widget = (await repo.widgets([id])).find((w) => w.id === widgetId.toLowerCase());
      if (!widget) throw notFound('Widget');
      await checkVariables(space, [{ variables }]);
      await repo.setVariables(id, widget.id, variables);
      await repo.touch(id);
      live.dashboardChanged(space, id, 'dashboards.updated');
      return { variables: [...new Set(variables)] };
    },

    async shares(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      await found(space, id);
      return (await repo.shares(id)).map((s) => ({ user_id: s.userId, username: s.username }));
    },

    /** Gives read access to users named by id, username or e-mail address (404 when one does not exist). */
    async share(
      ref: SpaceRequest,
      id: string,
      body: { user_id?: string; username?: string; users?: { user_id?: string; username?: string }[] },
    ) {
      const space = await deps.resolve(ref, 'iot.write');
      await found(space, id);
      const wanted = [{ user_id: body.user_id, username: body.username }, ...(body.users ?? [])].filter(
        (u) => u.user_id || u.username,
      );
      if (wanted.length === 0)
        throw new AppError('validation_error', 'Name at least one user_id or username.');
      const ids = wanted.flatMap((u) => (u.user_id ? [u.user_id] : []));
      const names = wanted.flatMap((u) => (!u.user_id && u.username ? [u.username] : []));
      const found_ = await repo.usersByIdOrName(ids, names);
      for (const u of wanted) {
        const hit = found_.some((f) =>
          u.user_id
            ? f.id === u.user_id.toLowerCase()
            : [f.username.toLowerCase(), f.email.toLowerCase()].includes(u.username?.toLowerCase() ?? ''),
        );
        if (!hit) throw notFound('User');
      }
      await repo.addShares(
        id,
        found_.map((u) => u.id).filter((u) => u !== space.actorId),
        space.actorId,
      );
      live.dashboardChanged(space, id, 'dashboards.updated');
    },

    async unshare(ref: SpaceRequest, id: string, userId: string) {
      const space = await deps.resolve(ref, 'iot.write');
      await found(space, id);
      if (!(await repo.deleteShare(id, userId))) throw notFound('Share');
      live.dashboardChanged(space, id, 'dashboards.updated');
    },

    /**
     * Asks the owner for access by e-mail, at most SHARE_REQUEST_MAILS_PER_DAY mails a day from one requester to
     * one owner. Answers the same whether or not the dashboard exists, so ids reveal nothing.
     */
    async requestAccess(ref: SpaceRequest, id: string, message: string | undefined) {
      const dashboard = await repo.findAnywhere(id);
      if (!dashboard || !deps.mailer || dashboard.ownerUserId === ref.actorId) return;
      const people = await repo.usersByIdOrName([dashboard.ownerUserId, ref.actorId], []);
      const owner = people.find((p) => p.id === dashboard.ownerUserId);
      const asker = people.find((p) => p.id === ref.actorId);
      if (!owner || !asker) return;
      // Past the day's mails the request still answers 200: a 429 would tell that the dashboard exists.
      const today = new Date().toISOString().slice(0, 10);
      if (!(await repo.countShareRequestMail(asker.id, owner.id, today, SHARE_REQUEST_MAILS_PER_DAY))) return;
      await deps.mailer.send(shareRequestMail(owner.email, asker.username, dashboard.name, message));
    },
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;
