import type { MailMessage } from '../../mail/mailer.ts';
import { compose } from '../accounts/account.mails.ts';

/** Tells an account holder that a space invites them; they answer on Home, nothing happens before. */
export function invitationMail(args: {
  to: string;
  name: string;
  inviter: string;
  spaceName: string;
  role: string;
  productName: string;
  url: string;
}): MailMessage {
  return compose({
    to: args.to,
    productName: args.productName,
    subject: `${args.inviter} invites you to "${args.spaceName}" on ${args.productName}`,
    greeting: `Hello ${args.name || 'there'},`,
    lines: [
      `${args.inviter} invites you to join the space "${args.spaceName}" as ${args.role}.`,
      'You become a member only if you accept: sign in and answer the invitation on Home.',
    ],
    action: { label: 'See the invitation', url: args.url },
    footer:
      'If you do not want to join, decline it or ignore this message: the space sees nothing of your account unless you accept.',
  });
}
