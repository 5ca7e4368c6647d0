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

/** Sends through SMTP_URL when set; otherwise writes the mail to the log and to the dev outbox table. */
export function createMailer(deps: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  logger: FastifyBaseLogger;
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
      await deps.db.insert(mailOutbox).values(message);
      deps.logger.info(
        { to: message.to, subject: message.subject, text: message.text },
        'mail written to outbox',
      );
    },
  };
}

export function listOutbox(db: Database, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
