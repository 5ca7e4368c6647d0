import { randomUUID } from 'node:crypto';
import {
  type CreateCustomTemplate,
  type CustomTemplate,
  createCustomTemplateSchema,
  dashboardTemplateSchema,
  type TemplateApplyRequest,
  type TemplateApplyResult,
  type TemplateContent,
  templateReferenceProblem,
  thingTemplateSchema,
  triggerTemplateSchema,
  type UpdateCustomTemplate,
} from '@tinkercloud/shared/iot';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, notFound } from '../../../errors.ts';
import type { ConnectivityHooks } from '../../connectivity/hooks.ts';
import { iotEvents } from '../../live/iot-events.ts';
import type { EventBus } from '../../live/live-event.ts';
import { inTransaction } from '../../spaces/transaction.ts';
import type { IotQuotas } from '../common/quotas.ts';
import type { IotSpace, SpaceRequest, SpaceResolver } from '../common/space.ts';
import type { DashboardsService } from '../dashboards/dashboards.service.ts';
import type { ThingsService } from '../things/things.service.ts';
import type { TriggersService } from '../triggers/triggers.service.ts';
import { BUILTIN_TEMPLATES, builtinTemplate } from './builtin-templates.ts';
import { applyTemplate, deviceNotFree } from './template-apply.ts';
import { readTemplateArchive, writeTemplateArchive } from './template-archive.ts';
import { type CustomTemplateRow, createTemplatesRepository } from './templates.repository.ts';

const ALREADY_EXISTS = 'This template already exists in this space.';

function detail(row: CustomTemplateRow): CustomTemplate {
  return {
    template_id: row.id,
    name: row.name,
    description: row.description,
    compatible_boards: row.compatibleBoards,
    image_links: row.imageLinks,
    thing_templates: row.content.thing_templates,
    dashboard_templates: row.content.dashboard_templates,
    trigger_templates: row.content.trigger_templates,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A file name for the archive's Content-Disposition: the template's name, kept to safe characters. */
const archiveName = (name: string) =>
  `${name.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 100) || 'template'}.tino`;

/**
 * Templates: the built-in catalogue, the custom templates of a space (made from its things, dashboards and
 * triggers, or imported from a `.tino` archive; renamed, exported, deleted) and applying either
 * (`PUT /iot/v1/templates`), all or nothing. Custom templates are seen only in their own space.
 */
export function createTemplatesService(deps: {
  db: Database;
  resolve: SpaceResolver;
  quotas: IotQuotas;
  things: Pick<ThingsService, 'template'>;
  dashboards: Pick<DashboardsService, 'template'>;
  triggers: Pick<TriggersService, 'template'>;
  events?: EventBus;
  connectivity?: ConnectivityHooks;
  /** Told after triggers were made (the firing index of this process). */
  triggersChanged?: () => void;
  broker?: { host: string; port: number };
}) {
  const repo = createTemplatesRepository(deps.db);
  const live = iotEvents(deps.events);

  async function found(space: IotSpace, id: string) {
    const row = await repo.find(space, id);
    if (!row) throw notFound('Template');
    return row;
  }

  async function store(
    space: IotSpace,
    t: {
      name: string;
      description: string;
      sourceId: string | null;
      compatibleBoards: string[];
      content: TemplateContent;
    },
  ) {
    const id = randomUUID();
    try {
      return await repo.insert(space, { id, ...t, sourceId: t.sourceId ?? id });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', ALREADY_EXISTS);
      throw err;
    }
  }

  return {
    builtins: () => ({ templates: [...BUILTIN_TEMPLATES] }),

    builtin(id: string) {
      const t = builtinTemplate(id);
      if (!t) throw notFound('Template');
      return t;
    },

    async list(ref: SpaceRequest, sort: 'asc' | 'desc') {
      const space = await deps.resolve(ref, 'iot.read');
      const rows = await repo.list(space, sort);
      return {
        templates: rows.map((r) => ({
          template_id: r.id,
          name: r.name,
          created_at: r.createdAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
        })),
      };
    },

    async show(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      return detail(await found(space, id));
    },

    /** A custom template from things, dashboards and triggers of the space, through their template exports. */
    async create(
      ref: SpaceRequest,
      input: z.output<typeof createCustomTemplateSchema> | CreateCustomTemplate,
    ) {
      const body = createCustomTemplateSchema.parse(input);
      const space = await deps.resolve(ref, 'iot.write');
      const thingParts = [];
      for (const id of body.thing_ids)
        thingParts.push(thingTemplateSchema.parse(await deps.things.template(ref, id)));
      const dashboardParts = [];
      for (const id of body.dashboard_ids) {
        dashboardParts.push(dashboardTemplateSchema.parse(await deps.dashboards.template(ref, id, 2)));
      }
      const triggerParts = [];
      for (const id of body.trigger_ids)
        triggerParts.push(triggerTemplateSchema.parse(await deps.triggers.template(ref, id)));
      const content: TemplateContent = {
        thing_templates: thingParts,
        dashboard_templates: dashboardParts,
        trigger_templates: triggerParts,
      };
      const problem = templateReferenceProblem(content);
      if (problem) {
        throw new AppError(
          'validation_error',
          `${problem} Pick the things its widgets and triggers use, with distinct names.`,
        );
      }
      const boards = [
        ...new Set(thingParts.map((t) => t.device_metadata?.fqbn).filter((f): f is string => !!f)),
      ];
      return detail(
        await store(space, {
          name: body.name.trim(),
          description: body.description,
          sourceId: null,
          compatibleBoards: boards,
          content,
        }),
      );
    },

    async update(ref: SpaceRequest, id: string, body: UpdateCustomTemplate) {
      const space = await deps.resolve(ref, 'iot.write');
      const changes = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.image_links !== undefined && { imageLinks: body.image_links }),
      };
      if (!(await repo.update(space, id, changes))) throw notFound('Template');
      return detail(await found(space, id));
    },

    async remove(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.delete');
      if (!(await repo.remove(space, id))) throw notFound('Template');
    },

    /** Stores the template of an uploaded `.tino` archive (409 when the space already holds it). */
    async importArchive(ref: SpaceRequest, bytes: Uint8Array) {
      const space = await deps.resolve(ref, 'iot.write');
      const archive = readTemplateArchive(bytes);
      const row = await store(space, archive);
      return { message: 'Template imported', name: row.name, template_id: row.id };
    },

    async exportArchive(ref: SpaceRequest, id: string) {
      const space = await deps.resolve(ref, 'iot.read');
      const row = await found(space, id);
      const bytes = writeTemplateArchive({
        name: row.name,
        description: row.description,
        sourceId: row.sourceId,
        compatibleBoards: row.compatibleBoards,
        content: row.content,
      });
      return { fileName: archiveName(row.name), bytes };
    },

    /** `PUT /iot/v1/templates`: a custom template by `custom_template_id`, else a built-in one by name. */
    async apply(ref: SpaceRequest, body: TemplateApplyRequest): Promise<TemplateApplyResult> {
      const space = await deps.resolve(ref, 'iot.write');
      let content: TemplateContent;
      let sourceTemplate: string | null = null;
      if (body.custom_template_id) {
        content = (await found(space, body.custom_template_id.toLowerCase())).content;
        sourceTemplate = body.custom_template_id.toLowerCase();
      } else {
        const t = builtinTemplate(body.template_name);
        if (!t) throw notFound('Template');
        content = t;
      }
      const devices: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(body.things_options ?? {})) devices[k] = v.device_id || undefined;
      let applied: Awaited<ReturnType<typeof applyTemplate>>;
      try {
        applied = await inTransaction(deps.db, (tx) =>
          applyTemplate(tx, deps.quotas, space, content, {
            sourceTemplate,
            prefix: body.prefix_name || undefined,
            devices,
            broker: deps.broker,
          }),
        );
      } catch (err) {
        // Two requests binding one device at once: the partial unique index has the last word.
        if (isUniqueViolation(err)) throw new AppError('conflict', deviceNotFree());
        throw err;
      }
      for (const t of applied.things) live.thingUpdated(space, t.id);
      for (const d of applied.boundDevices) live.deviceUpdated(space, d);
      for (const d of applied.dashboards) live.dashboardChanged(space, d, 'dashboards.created');
      if (applied.triggers.length) deps.triggersChanged?.();
      if (applied.boundDevices.length) await deps.connectivity?.bindingsChanged(applied.boundDevices);
      return { things: applied.things, dashboards: applied.dashboards, triggers: applied.triggers };
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
