import type { ErrorBody } from '@tinkercloud/shared';
import { escapeHtml } from './html.ts';

/** The error body as a page, styled like the sign-in pages, with a way back. */
export function errorPageHtml(body: ErrorBody): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(body.name)}</title><link rel="icon" type="image/svg+xml" href="/auth/assets/favicon.svg"><link rel="stylesheet" href="/auth/assets/style.css"></head>
<body><main class="card" role="alert"><h1>${escapeHtml(body.name)}</h1><p>${escapeHtml(body.detail)}</p>
<p><a href="/">Back to the app</a></p>
<p class="muted">Reference: ${escapeHtml(body.id)}</p></main></body></html>`;
}
