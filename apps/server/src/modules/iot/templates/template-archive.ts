import { textProblem } from '@tinkercloud/shared';
import {
  TEMPLATE_DESCRIPTION_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  type TemplateContent,
  templateContentSchema,
  templateLabel,
  templateReferenceProblem,
} from '@tinkercloud/shared/iot';
import { strFromU8, strToU8, type Unzipped, unzipSync, zipSync } from 'fflate';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import { AppError } from '../../../errors.ts';

/**
 * The `.tino` template archive (upstream's custom-template export, which CCLI's `template import/export`
 * moves): a zip holding `template.json` (title, name, description, the resource files of
 * `template.things|dashboards|triggers`, their counts, compatible boards, `source_template_id`) and one YAML
 * file per part under `resources/` (`thing_1.yaml`, `dashboard_1.yaml`, `trigger_1.yaml`). Upstream archives
 * may also carry sketches and binaries under `resources/`; they are not read (nothing here applies them).
 *
 * Reading is bounded before anything is inflated: the archive's size (checked by the route), its entry
 * count, and the declared size of each entry read; YAML is parsed without aliases blowing up (`maxAliasCount`).
 */

export const ARCHIVE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_ENTRIES = 500;
const MAX_ENTRY_BYTES = 256 * 1024;
const MAX_PARTS = 70;

export interface TemplateArchive {
  name: string;
  description: string;
  sourceId: string | null;
  compatibleBoards: string[];
  content: TemplateContent;
}

const bad = (detail: string) => new AppError('bad_request', `Not a template archive: ${detail}`);

const manifestSchema = z.object({
  name: templateLabel(TEMPLATE_NAME_MAX_LENGTH).optional(),
  title: templateLabel(TEMPLATE_NAME_MAX_LENGTH).optional(),
  description: z
    .string()
    .max(TEMPLATE_DESCRIPTION_MAX_LENGTH)
    .refine((v) => textProblem(v, { multiLine: true }) === undefined)
    .optional(),
  template: z.object({
    things: z.array(z.string().max(256)).max(MAX_PARTS).nullish(),
    dashboards: z.array(z.string().max(256)).max(MAX_PARTS).nullish(),
    triggers: z.array(z.string().max(256)).max(MAX_PARTS).nullish(),
  }),
  compatible_boards: z
    .array(z.object({ fqbn: templateLabel(128) }))
    .max(50)
    .nullish(),
  source_template_id: z.string().max(64).nullish(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RESOURCE_FILE = /^[A-Za-z0-9_.-]+\.(ya?ml|json)$/;

/** Upstream's trigger files name one device (`linked_device`) and may leave out an action's kind. */
function normaliseTrigger(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const t = { ...(raw as Record<string, unknown>) };
  const device = t.linked_device as { thing_id?: unknown } | undefined;
  if (device && !t.linked_devices) t.linked_devices = [{ thing_id: device.thing_id }];
  if (Array.isArray(t.actions)) {
    t.actions = t.actions.map((a: Record<string, unknown>) =>
      a && typeof a === 'object' && !a.kind ? { ...a, kind: a.email ? 'NOTIFY-EMAIL' : 'NOTIFY-PUSH' } : a,
    );
  }
  return t;
}

function readYaml(files: Unzipped, file: string): unknown {
  const bytes = files[`resources/${file}`];
  if (!bytes) throw bad(`resources/${file} is missing.`);
  try {
    return parseYaml(strFromU8(bytes), { maxAliasCount: 50 });
  } catch {
    throw bad(`resources/${file} is not valid YAML.`);
  }
}

/** Reads an uploaded archive: 400 with the reason when it is not a valid template archive. */
export function readTemplateArchive(bytes: Uint8Array): TemplateArchive {
  let files: Unzipped;
  let entries = 0;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        entries += 1;
        if (entries > MAX_ENTRIES) throw bad(`more than ${MAX_ENTRIES} entries.`);
        const wanted = file.name === 'template.json' || /^resources\/[^/]+\.(ya?ml|json)$/.test(file.name);
        if (wanted && file.originalSize > MAX_ENTRY_BYTES) throw bad(`${file.name} is over 256 KB.`);
        return wanted;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw bad('it is not a zip file.');
  }
  const manifestBytes = files['template.json'];
  if (!manifestBytes) throw bad('template.json is missing.');
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(strFromU8(manifestBytes));
  } catch {
    throw bad('template.json is not valid JSON.');
  }
  const manifest = manifestSchema.safeParse(manifestJson);
  if (!manifest.success) throw bad('template.json does not describe a template.');
  const m = manifest.data;
  const list = (names: string[] | null | undefined) => {
    for (const n of names ?? []) if (!RESOURCE_FILE.test(n)) throw bad(`${n} is not a resource file name.`);
    return names ?? [];
  };
  const content = templateContentSchema.safeParse({
    thing_templates: list(m.template.things).map((f) => readYaml(files, f)),
    dashboard_templates: list(m.template.dashboards).map((f) => readYaml(files, f)),
    trigger_templates: list(m.template.triggers).map((f) => normaliseTrigger(readYaml(files, f))),
  });
  if (!content.success) {
    const issue = content.error.issues[0];
    throw bad(`${issue?.path.join('.') || 'its content'}: ${issue?.message ?? 'invalid'}.`);
  }
  const problem = templateReferenceProblem(content.data);
  if (problem) throw bad(problem);
  const name = (m.name || m.title || '').trim();
  if (!name) throw bad('template.json names no template.');
  return {
    name,
    description: m.description ?? '',
    sourceId:
      m.source_template_id && UUID.test(m.source_template_id) ? m.source_template_id.toLowerCase() : null,
    compatibleBoards: (m.compatible_boards ?? []).map((b) => b.fqbn).filter(Boolean),
    content: content.data,
  };
}

/** Writes the archive of a stored template, in the layout `readTemplateArchive` (and upstream) reads. */
export function writeTemplateArchive(t: TemplateArchive & { sourceId: string }): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const add = (kind: string, parts: readonly unknown[]) =>
    parts.map((part, i) => {
      const file = `${kind}_${i + 1}.yaml`;
      files[`resources/${file}`] = strToU8(stringifyYaml(part));
      return file;
    });
  const things = add('thing', t.content.thing_templates);
  const dashboards = add('dashboard', t.content.dashboard_templates);
  const triggers = add('trigger', t.content.trigger_templates);
  const manifest = {
    title: t.name,
    name: t.name,
    description: t.description,
    template: { things, dashboards, triggers },
    resources: {
      things: things.length,
      dashboards: dashboards.length,
      triggers: triggers.length,
      max_variables: Math.max(0, ...t.content.thing_templates.map((x) => x.variables.length)),
    },
    compatible_boards: t.compatibleBoards.map((fqbn) => ({ fqbn })),
    images: [],
    assets: {
      thing_template_names: t.content.thing_templates.map((x) => x.name),
      dashboard_template_names: t.content.dashboard_templates.map((x) => x.name),
      trigger_template_names: t.content.trigger_templates.map((x) => x.name),
    },
    source_template_id: t.sourceId,
  };
  files['template.json'] = strToU8(JSON.stringify(manifest));
  return zipSync(files, { level: 6 });
}
