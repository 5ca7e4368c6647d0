import { PLACEHOLDER_PATTERN, TRIGGER_PLACEHOLDERS } from '@tinkercloud/shared/iot';
import type { TriggerDraft } from './trigger-draft.ts';

/** The values a preview fills in, by placeholder name (`property.value`). */
export type PreviewValues = Readonly<Record<string, string>>;

/**
 * A message template as it would read once fired, filled with the values of `values`; like the server
 * (`trigger-templates.ts`), a placeholder it does not know stays as written, so its author sees the mistake.
 */
export function renderPreview(template: string, values: PreviewValues): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) => values[name.toLowerCase()] ?? whole);
}

/** The placeholders that mean something for this kind of trigger. */
export const placeholdersFor = (source: TriggerDraft['source']) =>
  TRIGGER_PLACEHOLDERS.filter((p) => p.source === 'any' || p.source === source);

/**
 * Example values for the preview: the names chosen in the form, the reader's own name, the condition's value
 * (or an example), the time now.
 */
export function previewValues(
  draft: TriggerDraft,
  names: { property?: string; thing?: string; device?: string },
  reader: { name: string; username: string; email: string },
  now = new Date(),
): PreviewValues {
  const at = now.toISOString();
  const values: Record<string, string> = {
    'trigger.name': draft.name.trim() || 'My trigger',
    'recipient.name': reader.name || reader.username,
    'recipient.username': reader.username,
    'recipient.email': reader.email,
  };
  if (draft.source === 'variable') {
    values['property.name'] = names.property ?? 'temperature';
    values['property.value'] = draft.value.trim() || (draft.operator === 'FALSE' ? 'false' : '42');
    if (draft.operator === 'TRUE') values['property.value'] = 'true';
    values['property.timestamp'] = at;
    values['thing.name'] = names.thing ?? 'My thing';
  } else {
    values['device.name'] = names.device ?? 'My device';
    values['device.status'] = draft.status === 'DISCONNECTED' ? 'OFFLINE' : 'ONLINE';
    values['device.timestamp'] = at;
  }
  return values;
}
