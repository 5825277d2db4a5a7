/**
 * Outgoing mail. With SMTP_URL it is sent through nodemailer. Without it the mail reaches
 * only the operator: it is written to the server's console (a password-reset link there can
 * also be made with `npm run admin -- reset-link`), and with the dev tools on it is kept in
 * dev_mail too, for the loopback-only /dev/mailbox. It is never readable over the web
 * otherwise: a reset link in a public mailbox is an account takeover.
 */
import type { FastifyBaseLogger } from 'fastify';
import { lazily } from '../lazily';
import type { Db } from '../db/client';
import { devMail } from '../db/schema/mail';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void>; kind: 'smtp' | 'dev' };

const FROM = 'Billionett <no-reply@billionett.local>';

export function createMailer(options: { smtpUrl?: string; db: Db; log: FastifyBaseLogger; keep: boolean }): Mailer {
  if (options.smtpUrl) {
    const { smtpUrl } = options;
    // nodemailer loads at the first mail, not at start (idle RSS, BUDGETS: ≤ 300 MB).
    const transport = lazily(async () => (await import('nodemailer')).createTransport(smtpUrl));
    return {
      kind: 'smtp',
      async send(mail) {
        await (await transport()).sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    kind: 'dev',
    async send(mail) {
      if (options.keep) await options.db.insert(devMail).values({ to: mail.to, subject: mail.subject, body: mail.text });
      // Warn level: `npm start` logs warnings and above, and the operator must see this.
      options.log.warn({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail not sent (no SMTP_URL): deliver it to the member yourself');
    },
  };
}
