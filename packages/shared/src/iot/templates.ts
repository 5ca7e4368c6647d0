import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, singleLineText, textProblem } from '../text.ts';
import { THING_NAME_PATTERN } from './names.ts';
import { PROPERTY_PERMISSIONS, UPDATE_STRATEGIES } from './property-request.ts';
import { PROPERTY_TYPE_VALUES } from './property-types.ts';

/**
 * Templates (spec 2.1, 3, 7.5; the `template` payload of `PUT /iot/v1/templates`): what a template holds —
 * thing, dashboard and trigger templates that name each other by template id and variable name, never by the
 * ids of a space — the custom-template storage answers and the bodies the web sends. The server validates
 * every stored, uploaded or built-in template with `templateContentSchema`; the web reads the same shapes.
 */

/** A template's own id for its parts (`thing_1`, `lights`): what dashboards and triggers refer to. */
const partId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits and _ . - only');
/** One line of text (no control characters: PostgreSQL cannot even store NUL), at most `max`. */
export const templateLabel = (max: number) => singleLineText().max(max);
const label = templateLabel;

export const templateVariableSchema = z.object({
  name: label(64).min(1),
  variable_name: z
    .string()
    .max(64)
    .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/)
    .optional(),
  type: z.enum(PROPERTY_TYPE_VALUES as [string, ...string[]]),
  permission: z.enum(PROPERTY_PERMISSIONS),
  update_strategy: z.enum(UPDATE_STRATEGIES),
  update_parameter: z.number().finite().min(0).optional(),
});
export type TemplateVariable = z.infer<typeof templateVariableSchema>;

export const thingTemplateSchema = z.object({
  id: partId,
  name: z.string().min(1).max(64).regex(THING_NAME_PATTERN, 'letters, digits, spaces and _ . - only'),
  timezone: label(64).optional(),
  tags: z
    .array(z.object({ key: label(64), value: label(64) }))
    .max(20)
    .optional(),
  webhook_uri: label(1024).optional(),
  device_metadata: z.object({ fqbn: label(128).optional(), name: label(64).optional() }).optional(),
  variables: z.array(templateVariableSchema).max(100).default([]),
});
export type ThingTemplate = z.infer<typeof thingTemplateSchema>;

const coord = z.number().int().min(0).max(10_000);
export const widgetTemplateSchema = z.object({
  type: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_ -]+$/),
  name: label(256).optional(),
  options: z
    .record(z.string().max(64), z.unknown())
    .refine((o) => JSON.stringify(o).length <= 16_384, 'widget options of at most 16 KB')
    .default({}),
  x: coord,
  y: coord,
  width: coord,
  height: coord,
  x_mobile: coord.optional(),
  y_mobile: coord.optional(),
  width_mobile: coord.optional(),
  height_mobile: coord.optional(),
  /** The linked variables: a thing template's id and its variable's name (or sketch name). */
  variables: z
    .array(
      z.object({
        thing_id: partId,
        variable_id: label(64).min(1),
        name: label(64).optional(),
        type: label(64).optional(),
        permission: label(16).optional(),
      }),
    )
    .max(20)
    .optional(),
});
export type WidgetTemplate = z.infer<typeof widgetTemplateSchema>;

export const dashboardTemplateSchema = z.object({
  id: partId,
  name: label(64).min(1),
  widgets: z.array(widgetTemplateSchema).max(200).default([]),
});
export type DashboardTemplate = z.infer<typeof dashboardTemplateSchema>;

/** Text that may span lines (descriptions, message bodies): no control characters but line breaks and tabs. */
const multiline = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => textProblem(v, { multiLine: true }) === undefined, CONTROL_CHARACTERS_MESSAGE);
const expression = (max: number) => z.object({ expression: multiline(max) });
export const triggerActionTemplateSchema = z.object({
  name: label(256).optional(),
  kind: z.enum(['NOTIFY-EMAIL', 'NOTIFY-PUSH']),
  description: label(1000).optional(),
  email: z.object({ subject: expression(100), body: expression(1000) }).optional(),
  push_notification: z.object({ title: expression(100), body: expression(1000) }).optional(),
});

export const triggerTemplateSchema = z.object({
  id: partId,
  name: label(256).min(1),
  description: label(1000).optional(),
  active: z.boolean().optional(),
  /** A property trigger: the thing template and the variable it watches. */
  linked_property: z.object({ thing_id: partId, property_id: label(64).min(1) }).optional(),
  /** A device status trigger: the devices of these thing templates (those given a device when applied). */
  linked_devices: z
    .array(z.object({ thing_id: partId }))
    .max(50)
    .optional(),
  criteria: z.enum(['INCLUDE', 'EXCLUDE']).optional(),
  grace_period_online: z.number().int().min(0).max(1_209_600).optional(),
  grace_period_offline: z.number().int().min(0).max(1_209_600).optional(),
  condition: z
    .object({
      operator: label(16),
      value: z.union([z.number(), label(1000), z.boolean()]).optional(),
    })
    .optional(),
  actions: z.array(triggerActionTemplateSchema).max(10).optional(),
});
export type TriggerTemplate = z.infer<typeof triggerTemplateSchema>;

/** The parts of a template; references between them are checked by `templateReferenceProblem`. */
export const templateContentSchema = z.object({
  thing_templates: z.array(thingTemplateSchema).min(1).max(20),
  dashboard_templates: z.array(dashboardTemplateSchema).max(20).default([]),
  trigger_templates: z.array(triggerTemplateSchema).max(50).default([]),
});
export type TemplateContent = z.infer<typeof templateContentSchema>;

/** The first reference of a template that names no part or variable of it, as a sentence; else undefined. */
export function templateReferenceProblem(content: TemplateContent): string | undefined {
  const things = new Map(content.thing_templates.map((t) => [t.id, t]));
  if (things.size !== content.thing_templates.length) return 'Two thing templates share an id.';
  const hasVariable = (thingId: string, variable: string) =>
    things
      .get(thingId)
      ?.variables.some((v) => (v.variable_name ?? v.name) === variable || v.name === variable);
  for (const d of content.dashboard_templates) {
    for (const w of d.widgets) {
      for (const v of w.variables ?? []) {
        if (!hasVariable(v.thing_id, v.variable_id))
          return `Dashboard "${d.name}" links ${v.thing_id}.${v.variable_id}, which the template lacks.`;
      }
    }
  }
  for (const t of content.trigger_templates) {
    const p = t.linked_property;
    if (p && !hasVariable(p.thing_id, p.property_id))
      return `Trigger "${t.name}" watches ${p.thing_id}.${p.property_id}, which the template lacks.`;
    if (!p && !t.linked_devices?.length) return `Trigger "${t.name}" watches nothing.`;
    for (const d of t.linked_devices ?? []) {
      if (!things.has(d.thing_id))
        return `Trigger "${t.name}" names the thing ${d.thing_id}, which the template lacks.`;
    }
  }
  return undefined;
}

/** Template names and descriptions (custom templates: "a title"). */
export const TEMPLATE_NAME_MAX_LENGTH = 128;
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 2000;
const templateName = label(TEMPLATE_NAME_MAX_LENGTH).refine((v) => v.trim().length > 0, 'a name is needed');
const templateDescription = multiline(TEMPLATE_DESCRIPTION_MAX_LENGTH);

/** `POST /storage/template/v1/list` (CCLI sends `{sort}`; the web `{sort, show_deleted}`). */
export const templateListRequestSchema = z.object({
  sort: z.enum(['asc', 'desc']).default('desc'),
  show_deleted: z.boolean().default(false),
});

export const customTemplateEntrySchema = z.object({
  template_id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomTemplateEntry = z.infer<typeof customTemplateEntrySchema>;
export const customTemplateListSchema = z.object({ templates: z.array(customTemplateEntrySchema) });

/** `GET /storage/template/v1/{id}`: a custom template with what it holds. */
export const customTemplateSchema = z.object({
  template_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  compatible_boards: z.array(z.string()),
  image_links: z.array(z.string()),
  thing_templates: z.array(thingTemplateSchema),
  dashboard_templates: z.array(dashboardTemplateSchema),
  trigger_templates: z.array(triggerTemplateSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomTemplate = z.infer<typeof customTemplateSchema>;

/** `POST /storage/template/v1/`: a custom template made from things, dashboards and triggers of the space. */
export const createCustomTemplateSchema = z.object({
  name: templateName,
  description: templateDescription.default(''),
  thing_ids: z.array(z.uuid()).min(1, 'Pick at least one thing.').max(20),
  dashboard_ids: z.array(z.uuid()).max(20).default([]),
  trigger_ids: z.array(z.uuid()).max(50).default([]),
});
export type CreateCustomTemplate = z.input<typeof createCustomTemplateSchema>;

/** A template holds at most this many pictures. */
export const TEMPLATE_IMAGES_MAX = 5;
/** A template's picture: an image uploaded to `/storage/media/v1` (its path or full address) or an https one. */
export const templateImageLinkSchema = z
  .string()
  .max(500)
  .refine(
    (link) => /^\/storage\/media\/v1\/[0-9a-f-]{36}$/.test(link) || /^https:\/\/\S+$/.test(link),
    'an image uploaded to /storage/media/v1, or an https:// address',
  );

/** `PATCH /storage/template/v1/{id}`: what is given changes (nothing given: the template as it is). */
export const updateCustomTemplateSchema = z.object({
  name: templateName.optional(),
  description: templateDescription.optional(),
  /** Replaces the template's pictures. */
  image_links: z.array(templateImageLinkSchema).max(TEMPLATE_IMAGES_MAX).optional(),
});
export type UpdateCustomTemplate = z.infer<typeof updateCustomTemplateSchema>;

/** `POST /storage/template/archive/v1/` answers this (409 when the archive's template is already stored). */
export const templateImportResultSchema = z.object({
  message: z.string(),
  name: z.string(),
  template_id: z.uuid(),
});

/** A built-in template (spec 3: a name and a non-UUID id), as `GET /templates/v1/builtin` lists it. */
export const builtinTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  thing_templates: z.array(thingTemplateSchema),
  dashboard_templates: z.array(dashboardTemplateSchema),
  trigger_templates: z.array(triggerTemplateSchema),
});
export type BuiltinTemplate = z.infer<typeof builtinTemplateSchema>;
export const builtinTemplateListSchema = z.object({ templates: z.array(builtinTemplateSchema) });

/** Prefix of generated names: upstream's `prefix_name` (≤ 45, `^[a-zA-Z0-9_. -]+$`). */
export const TEMPLATE_PREFIX_PATTERN = /^[a-zA-Z0-9_. -]+$/;
export const TEMPLATE_PREFIX_MAX_LENGTH = 45;

/** `PUT /iot/v1/templates` (upstream's `template` payload). */
export const templateApplyRequestSchema = z
  .object({
    /** A built-in template's id; CCLI sends it empty with `custom_template_id`. */
    template_name: z.string().max(128),
    custom_template_id: z.uuid().optional(),
    /** Empty is the same as absent (CCLI sends an empty prefix when none is given). */
    prefix_name: z
      .union([
        z.literal(''),
        z
          .string()
          .max(TEMPLATE_PREFIX_MAX_LENGTH)
          .regex(TEMPLATE_PREFIX_PATTERN, 'letters, digits, spaces and _ . - only'),
      ])
      .optional(),
    /** Per thing template id: the device to bind (empty: none) and the network secrets of its sketch. */
    things_options: z
      .record(
        z.string().max(64),
        z.object({
          device_id: z.union([z.literal(''), z.uuid()]).optional(),
          secrets: z.record(z.string().max(64), z.string().max(256)).optional(),
        }),
      )
      .refine((o) => Object.keys(o).length <= 20, 'options for at most 20 things')
      .optional(),
  })
  .refine((b) => b.template_name.length > 0 || b.custom_template_id, {
    message: 'Name a template: template_name or custom_template_id.',
    path: ['template_name'],
  });
export type TemplateApplyRequest = z.infer<typeof templateApplyRequestSchema>;

/** ArduinoTemplate: what applying made. */
export const templateApplyResultSchema = z.object({
  things: z.array(z.object({ id: z.uuid(), sketch_id: z.uuid(), device_id: z.uuid().optional() })),
  dashboards: z.array(z.uuid()),
  triggers: z.array(z.uuid()),
});
export type TemplateApplyResult = z.infer<typeof templateApplyResultSchema>;

/** The name a generated resource gets: the prefix, a space, its template name (cut to `max`). */
export function prefixedName(prefix: string | undefined, name: string, max: number): string {
  const p = prefix?.trim();
  return (p ? `${p} ${name}` : name).slice(0, max);
}
