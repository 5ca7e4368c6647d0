import { escapeHtml } from '../../http/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

interface MailParts {
  to: string;
  productName: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: { label: string; url: string };
  footer: string;
}

/** One small, inline-styled HTML layout (mail clients ignore stylesheets) plus the plain-text twin. */
export function compose(p: MailParts): MailMessage {
  const text = [
    p.greeting,
    '',
    ...p.lines,
    '',
    `${p.action.label}: ${p.action.url}`,
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
${para(p.greeting)}
${p.lines.map(para).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(p.action.url)}" style="display:inline-block;background:#0b7a75;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(p.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(p.action.url)}</p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(p.footer)}</p>
</div></body></html>`;
  return { to: p.to, subject: p.subject, text, html };
}

export function verificationMail(args: {
  to: string;
  name: string;
  productName: string;
  url: string;
}): MailMessage {
  return compose({
    to: args.to,
    productName: args.productName,
    subject: `Verify your e-mail address for ${args.productName}`,
    greeting: `Hello ${args.name || 'there'},`,
    lines: [
      `Please confirm that this is your e-mail address to finish setting up your ${args.productName} account.`,
    ],
    action: { label: 'Verify e-mail address', url: args.url },
    footer: 'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
  });
}

export function passwordResetMail(args: {
  to: string;
  name: string;
  productName: string;
  url: string;
}): MailMessage {
  return compose({
    to: args.to,
    productName: args.productName,
    subject: `Reset your ${args.productName} password`,
    greeting: `Hello ${args.name || 'there'},`,
    lines: [
      `Someone asked to reset the password of your ${args.productName} account. Choose a new one with the link below.`,
    ],
    action: { label: 'Choose a new password', url: args.url },
    footer:
      'The link is valid for 1 hour and works once. If you did not ask for this, you can ignore this message.',
  });
}
