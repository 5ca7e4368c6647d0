import type { MailMessage } from '../../mail/mailer.ts';
import { compose, type MailTo } from '../accounts/account.mails.ts';

interface DecisionMail extends MailTo {
  planName: string;
  /** `your My Cloud` or `the space "…"`. */
  target: string;
  note: string;
}

const noteLine = (note: string) => (note ? [`The operator's note: ${note}`] : []);

/** Tells the requester their plan was granted, and until when. */
export function planGrantedMail(args: DecisionMail & { endsAt: Date | null }): MailMessage {
  return compose({
    ...args,
    subject: `Your ${args.planName} plan on ${args.productName} is active`,
    lines: [
      `Your request was granted: ${args.target} now has the ${args.planName} plan.`,
      args.endsAt ? `It runs until ${args.endsAt.toISOString().slice(0, 10)}.` : 'It has no end date.',
      ...noteLine(args.note),
    ],
    actionLabel: 'See your plan',
    footer: 'You get this message because you asked for this plan.',
  });
}

/** Tells the requester their plan request was declined, with the operator's note. */
export function planDeclinedMail(args: DecisionMail): MailMessage {
  return compose({
    ...args,
    subject: `Your ${args.planName} plan request on ${args.productName}`,
    lines: [
      `Your request for the ${args.planName} plan for ${args.target} was declined.`,
      ...noteLine(args.note),
    ],
    actionLabel: 'See your plan',
    footer: 'You get this message because you asked for this plan. You can ask again at any time.',
  });
}
