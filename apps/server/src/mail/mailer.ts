import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP_URL when set. Otherwise the mail goes to the log, and to the dev outbox table when the
 * outbox is on (embedded defaults only: the table would otherwise keep live reset links).
 */
export function createMailer(deps: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  logger: FastifyBaseLogger;
  outbox: boolean;
}): Mailer {
  if (deps.smtpUrl) {
    const transport = nodemailer.createTransport(deps.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: deps.from, ...message });
        deps.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(message) {
      if (deps.outbox) await deps.db.insert(mailOutbox).values(message);
      deps.logger.info(
        { to: message.to, subject: message.subject, text: message.text },
        deps.outbox ? 'mail written to the dev outbox' : 'SMTP_URL is not set: mail written to the log only',
      );
    },
  };
}

export function listOutbox(db: Database, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
