import { escapeHtml } from '../../http/html.ts';

/** Marks a string as already-safe HTML so `html` does not escape it again. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Tagged template that escapes every interpolated value unless it is SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

export const raw = (value: string) => new SafeHtml(value);

export interface PageContext {
  productName: string;
  /** Path where the provider is mounted, e.g. `/auth` (with the public URL's path in front, if any). */
  mountPath: string;
  /** Where "back to the app" links go. */
  appUrl: string;
}

interface LayoutOptions {
  title: string;
  body: SafeHtml;
  /** Extra attributes on <main>, already escaped. */
  mainAttrs?: SafeHtml;
  scripts?: string[];
}

/** The page shell: a centred card with the product name; styles come from /auth/assets/style.css. */
export function layout(ctx: PageContext, opts: LayoutOptions): string {
  const initial = ctx.productName.trim().charAt(0).toUpperCase() || 'T';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${opts.title} | ${ctx.productName}</title>
<link rel="icon" type="image/svg+xml" href="${ctx.mountPath}/assets/favicon.svg">
<link rel="stylesheet" href="${ctx.mountPath}/assets/style.css">
${(opts.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
</head>
<body>
<main class="card"${opts.mainAttrs ?? ''}>
<div class="brand"><span class="brand-mark" aria-hidden="true">${initial}</span><span>${ctx.productName}</span></div>
<h1>${opts.title}</h1>
${opts.body}
</main>
</body>
</html>
`.value;
}

export function alert(kind: 'error' | 'ok', message: string | undefined): SafeHtml {
  if (!message) return html``;
  const role = kind === 'error' ? 'alert' : 'status';
  return html`<div class="alert alert-${kind}" role="${role}">${message}</div>`;
}

interface FieldOptions {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'date';
  value?: string | undefined;
  autocomplete?: string;
  required?: boolean;
  hint?: string;
  autofocus?: boolean;
  minlength?: number;
  maxlength?: number;
  max?: string;
}

export function field(o: FieldOptions): SafeHtml {
  const id = `f-${o.name}`;
  const hintId = `${id}-hint`;
  const attrs = [
    o.autocomplete ? html` autocomplete="${o.autocomplete}"` : '',
    o.required ? raw(' required') : '',
    o.autofocus ? raw(' autofocus') : '',
    o.minlength ? html` minlength="${o.minlength}"` : '',
    o.maxlength ? html` maxlength="${o.maxlength}"` : '',
    o.max ? html` max="${o.max}"` : '',
    o.hint ? html` aria-describedby="${hintId}"` : '',
    o.type !== 'password' && o.value ? html` value="${o.value}"` : '',
  ];
  return html`<div class="field">
<label for="${id}">${o.label}</label>
<input id="${id}" name="${o.name}" type="${o.type ?? 'text'}"${attrs}>
${o.hint ? html`<span class="hint" id="${hintId}">${o.hint}</span>` : ''}
</div>`;
}

export const hidden = (name: string, value: string) =>
  html`<input type="hidden" name="${name}" value="${value}">`;
