import {
  TEMPLATE_DESCRIPTION_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_PREFIX_MAX_LENGTH,
  TEMPLATE_PREFIX_PATTERN,
  type TemplateApplyRequest,
  type ThingTemplate,
} from '@tinkercloud/shared/iot';

// The rules of the template forms, in words, from the shared contract's limits (the server checks the same).

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

export function templateNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for the template.';
  if (name.length > TEMPLATE_NAME_MAX_LENGTH) return `Use at most ${TEMPLATE_NAME_MAX_LENGTH} characters.`;
  if (CONTROL.test(name)) return 'Use one line of text.';
  return null;
}

export function descriptionProblem(description: string): string | null {
  if (description.length > TEMPLATE_DESCRIPTION_MAX_LENGTH)
    return `Use at most ${TEMPLATE_DESCRIPTION_MAX_LENGTH} characters.`;
  return null;
}

/** The prefix of generated names is optional; when given, upstream's `prefix_name` rule. */
export function prefixProblem(prefix: string): string | null {
  if (prefix === '') return null;
  if (prefix.length > TEMPLATE_PREFIX_MAX_LENGTH)
    return `Use at most ${TEMPLATE_PREFIX_MAX_LENGTH} characters.`;
  return TEMPLATE_PREFIX_PATTERN.test(prefix) ? null : 'Use letters, digits, spaces and _ . - only.';
}

/** What the new-template form picked: at least one thing; dashboards and triggers are optional. */
export function selectionProblem(thingIds: readonly string[]): string | null {
  return thingIds.length === 0 ? 'Pick at least one thing.' : null;
}

interface DeviceLike {
  id: string;
  name: string;
  thing?: { id: string } | null;
}

/** Devices no thing runs: the ones a template's things may be bound to. */
export function freeDevices<D extends DeviceLike>(devices: readonly D[]): D[] {
  return devices.filter((d) => !d.thing);
}

/**
 * The device each thing template starts with: `deviceId` (the page's search parameter) for the first thing
 * when that device is free, none otherwise.
 */
export function initialDevices(
  things: readonly Pick<ThingTemplate, 'id'>[],
  free: readonly DeviceLike[],
  deviceId: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of things) out[t.id] = '';
  const first = things[0];
  if (first && deviceId && free.some((d) => d.id === deviceId)) out[first.id] = deviceId;
  return out;
}

/** The first device chosen for two things, or null. */
export function duplicateDevice(choice: Record<string, string>): string | null {
  const seen = new Set<string>();
  for (const id of Object.values(choice)) {
    if (!id) continue;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}

/** The `PUT /iot/v1/templates` body: a custom template by id, a built-in one by its name (id). */
export function applyRequest(
  template: { kind: 'custom' | 'builtin'; id: string },
  prefix: string,
  choice: Record<string, string>,
): TemplateApplyRequest {
  const options = Object.fromEntries(
    Object.entries(choice)
      .filter(([, device]) => device)
      .map(([thing, device]) => [thing, { device_id: device }]),
  );
  return {
    template_name: template.kind === 'builtin' ? template.id : '',
    ...(template.kind === 'custom' && { custom_template_id: template.id }),
    ...(prefix.trim() && { prefix_name: prefix.trim() }),
    ...(Object.keys(options).length > 0 && { things_options: options }),
  };
}
