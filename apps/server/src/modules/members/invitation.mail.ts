import type { MailMessage } from '../../mail/mailer.ts';
import { compose, type MailTo } from '../accounts/account.mails.ts';

/** Tells an account holder that a space invites them; they answer on Home, nothing happens before. */
export function invitationMail(
  args: MailTo & { inviter: string; spaceName: string; role: string },
): MailMessage {
  return compose({
    ...args,
    subject: `${args.inviter} invites you to "${args.spaceName}" on ${args.productName}`,
    lines: [
      `${args.inviter} invites you to join the space "${args.spaceName}" as ${args.role}.`,
      'You become a member only if you accept: sign in and answer the invitation on Home.',
    ],
    actionLabel: 'See the invitation',
    footer:
      'If you do not want to join, decline it or ignore this message: the space sees nothing of your account unless you accept.',
  });
}
