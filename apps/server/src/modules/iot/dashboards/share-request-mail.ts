import { escapeHtml } from '../../../http/html.ts';
import type { MailMessage } from '../../../mail/mailer.ts';

/**
 * Access-request mails one requester may send one dashboard owner per day (UTC): enough to ask again, too few
 * for the endpoint to serve as a way to flood someone's inbox through our mail server.
 */
export const SHARE_REQUEST_MAILS_PER_DAY = 3;

/**
 * The mail a dashboard owner gets when someone asks for access. The requester's free text is anyone's words
 * in our mail: it is set apart as a quote under "Message from {requester}:", every line marked in the text
 * part and escaped in the HTML part, so it cannot pass for ours (no links or markup of its own).
 */
export function shareRequestMail(
  to: string,
  requester: string,
  dashboardName: string,
  message: string | undefined,
): MailMessage {
  const note = (message ?? '').trim().slice(0, 1000);
  const intro = `${requester} asks for access to your dashboard "${dashboardName}".`;
  const outro = "Share it from the dashboard's sharing settings if you agree.";
  const label = `Message from ${requester} (their words, not ours):`;
  const quoted = note
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const text = note ? `${intro}\n\n${label}\n${quoted}\n\n${outro}` : `${intro}\n\n${outro}`;
  const blockquote =
    '<blockquote style="margin:0 0 1em;padding:0 1em;border-left:3px solid #ccc;color:#444;white-space:pre-wrap">' +
    `${escapeHtml(note)}</blockquote>`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...(note ? [`<p>${escapeHtml(label)}</p>`, blockquote] : []),
    `<p>${escapeHtml(outro)}</p>`,
  ].join('\n');
  return { to, subject: `Access request for "${dashboardName}"`, text, html };
}
