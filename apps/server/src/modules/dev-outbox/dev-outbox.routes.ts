import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../http/html.ts';
import { isDirectLoopbackRequest } from '../../http/loopback.ts';
import { publicRoute } from '../../http/route-access.ts';
import { listOutbox } from '../../mail/mailer.ts';

const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * Mails the server would have sent, for a machine without SMTP. Served only when every embedded default is
 * on (a deployment with a real database, mail server or TRUST_PROXY never has it), and only to a direct
 * connection from this machine.
 */
export const devOutboxRoutes: FastifyPluginAsync<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  if (!config.devOutbox) return;
  // Reset links are in these mails: only someone at this machine may read them. A reverse proxy on this
  // machine also connects from loopback, so a request it relayed (it carries a forwarding header) is refused.
  // Everyone else gets the answer of a route that does not exist: nothing tells them the outbox is here.
  app.addHook('onRequest', async (request, reply) => {
    if (!isDirectLoopbackRequest(request)) {
      reply.callNotFound();
      return reply;
    }
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/dev/outbox.json',
    {
      config: publicRoute(),
      schema: { tags: ['dev'], summary: 'Dev mail outbox', response: { 200: z.array(mailSchema) } },
    },
    async () => (await listOutbox(db)).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  );
  typed.get('/dev/outbox', { config: publicRoute(), schema: { hide: true } }, async (_request, reply) => {
    const mails = await listOutbox(db);
    const items = mails
      .map(
        (m) => `<article class="mail"><header><strong>${escapeHtml(m.subject)}</strong>
<span>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</span></header><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox | ${escapeHtml(config.productName)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/auth/assets/favicon.svg"><link rel="stylesheet" href="/auth/assets/style.css"></head>
<body class="outbox"><main><h1>Mail outbox</h1><p>No mail server is configured (SMTP_URL), so mails land here. This page exists only with the embedded defaults.</p>
${items || '<p class="empty">No mail yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
};
