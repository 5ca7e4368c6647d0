import { PLACEHOLDER_PATTERN } from '@tinkercloud/shared/iot';
import { escapeHtml } from '../../../http/html.ts';

/** A person a message names: the recipient, or the trigger's creator (`USER`). */
export interface Person {
  id: string;
  username: string;
  email: string;
  name: string;
}

/** What fired, as the placeholders of a message can name it. */
export interface FiringContext {
  trigger: { id: string; name: string };
  property?: { id: string; name: string; value: unknown; at: Date };
  thing?: { id: string; name: string };
  device?: { id: string; name: string; status: string; at: Date };
  user?: Person;
}

/** A declared variable of an expression (upstream's `variable`). */
interface TemplateVariable {
  placeholder: string;
  entity: string;
  attribute: string;
  id?: string;
  thing_id?: string;
  property_id?: string;
}

export interface Expression {
  expression: string;
  variables?: TemplateVariable[];
}

/** An expanded value longer than this is cut (a 4 KB string property must not make a 4 KB subject). */
const MAX_VALUE_CHARS = 1000;

function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS)}…` : s;
}

const personAttribute = (p: Person | undefined, attribute: string) =>
  !p
    ? undefined
    : attribute === 'ID'
      ? p.id
      : attribute === 'USERNAME'
        ? p.username
        : attribute === 'EMAIL'
          ? p.email
          : attribute === 'NAME'
            ? p.name
            : undefined;

/**
 * One entity's attribute, or undefined when the context has no such thing. A variable naming an entity by id
 * resolves only when that id is the one that fired (or the recipient, the creator): other entities are not read.
 */
function resolve(
  ctx: FiringContext,
  recipient: Person | undefined,
  entity: string,
  attribute: string,
  id?: string,
): string | undefined {
  const same = (actual: string | undefined) => !id || id.toLowerCase() === actual?.toLowerCase();
  switch (entity) {
    case 'PROPERTY': {
      const p = ctx.property;
      if (!p || !same(p.id)) return undefined;
      if (attribute === 'VALUE') return show(p.value);
      if (attribute === 'NAME') return p.name;
      if (attribute === 'ID') return p.id;
      if (attribute === 'TIMESTAMP') return p.at.toISOString();
      return undefined;
    }
    case 'THING': {
      const t = ctx.thing;
      if (!t || !same(t.id)) return undefined;
      if (attribute === 'NAME') return t.name;
      if (attribute === 'ID') return t.id;
      if (attribute === 'TIMESTAMP') return (ctx.property?.at ?? ctx.device?.at)?.toISOString();
      return undefined;
    }
    case 'DEVICE':
    case 'TRIGGERING_DEVICE': {
      const d = ctx.device;
      if (!d || !same(d.id)) return undefined;
      if (attribute === 'NAME') return d.name;
      if (attribute === 'ID') return d.id;
      if (attribute === 'STATUS') return d.status;
      if (attribute === 'TIMESTAMP') return d.at.toISOString();
      return undefined;
    }
    case 'TRIGGER':
      return attribute === 'NAME' ? ctx.trigger.name : attribute === 'ID' ? ctx.trigger.id : undefined;
    case 'RECIPIENT':
      return personAttribute(recipient, attribute);
    case 'USER':
      return same(ctx.user?.id) ? personAttribute(ctx.user, attribute) : undefined;
    default:
      return undefined;
  }
}

/**
 * The expression with its placeholders replaced, as plain text: `{{name}}` of a declared variable
 * (`{placeholder, entity, attribute}` as upstream declares them), or `{{entity.attribute}}` directly
 * (`{{property.value}}`, `{{thing.name}}`, `{{device.status}}`, `{{recipient.username}}`, `{{trigger.name}}`).
 * A placeholder that names nothing known stays as written, so its author sees the mistake.
 */
export function expand(expr: Expression | undefined, ctx: FiringContext, recipient?: Person): string {
  if (!expr) return '';
  const declared = new Map((expr.variables ?? []).map((v) => [v.placeholder, v]));
  return expr.expression.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    const v = declared.get(name);
    let out: string | undefined;
    if (v) out = resolve(ctx, recipient, v.entity, v.attribute, v.property_id ?? v.id);
    else {
      const dot = name.indexOf('.');
      if (dot > 0) {
        const entity = name.slice(0, dot).toUpperCase().replaceAll('-', '_');
        out = resolve(ctx, recipient, entity, name.slice(dot + 1).toUpperCase());
      }
    }
    return out ?? whole;
  });
}

/** A single line (subjects and titles): line breaks and other control characters of values become spaces. */
export const oneLine = (s: string, max: number) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const flat = s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The HTML twin of a plain-text body: everything escaped, so values can never add markup. */
export const textToHtml = (text: string) =>
  `<div style="font-family:system-ui,sans-serif;line-height:1.5;white-space:pre-wrap">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</div>`;
