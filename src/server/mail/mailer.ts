/**
 * Outgoing mail. With SMTP_URL it is sent through nodemailer; without it the message is
 * kept in dev_mail (readable at /dev/mailbox) and logged, so a developer can follow a reset
 * link with no mail server.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/client';
import { devMail } from '../db/schema/mail';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void>; kind: 'smtp' | 'dev' };

const FROM = 'Billionett <no-reply@billionett.local>';

export function createMailer(options: { smtpUrl?: string; db: Db; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    kind: 'dev',
    async send(mail) {
      await options.db.insert(devMail).values({ to: mail.to, subject: mail.subject, body: mail.text });
      options.log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the dev mailbox (no SMTP_URL)');
    },
  };
}
