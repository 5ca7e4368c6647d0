import { escapeHtml } from '../../http/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Whom an account mail greets and the link it carries: what every caller of these mails passes. */
export interface MailTo {
  to: string;
  name: string;
  productName: string;
  url: string;
}

interface MailParts extends MailTo {
  subject: string;
  lines: string[];
  /** The label of the one button, which opens `url`. */
  actionLabel: string;
  footer: string;
}

/** One small, inline-styled HTML layout (mail clients ignore stylesheets) plus the plain-text twin. */
export function compose(p: MailParts): MailMessage {
  const greeting = `Hello ${p.name || 'there'},`;
  const action = { label: p.actionLabel, url: p.url };
  const text = [
    greeting,
    '',
    ...p.lines,
    '',
    `${action.label}: ${action.url}`,
    '',
    p.footer,
    '',
    `— ${p.productName}`,
  ].join('\n');
  const para = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e3e8ee">
<h1 style="margin:0 0 24px;font-size:20px;color:#0b7a75">${escapeHtml(p.productName)}</h1>
${para(greeting)}
${p.lines.map(para).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b7a75;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(action.url)}</p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(p.footer)}</p>
</div></body></html>`;
  return { to: p.to, subject: p.subject, text, html };
}

export function verificationMail(args: MailTo): MailMessage {
  return compose({
    ...args,
    subject: `Verify your e-mail address for ${args.productName}`,
    lines: [
      `Please confirm that this is your e-mail address to finish setting up your ${args.productName} account.`,
    ],
    actionLabel: 'Verify e-mail address',
    footer: 'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
  });
}

export function passwordResetMail(args: MailTo): MailMessage {
  return compose({
    ...args,
    subject: `Reset your ${args.productName} password`,
    lines: [
      `Someone asked to reset the password of your ${args.productName} account. Choose a new one with the link below.`,
    ],
    actionLabel: 'Choose a new password',
    footer:
      'The link is valid for 1 hour and works once. If you did not ask for this, you can ignore this message.',
  });
}
