/** Texts of the mails we send. Plain text only: nothing a member typed is ever rendered as HTML. */
import type { Mail } from './mailer';

export function resetPasswordMail(to: string, displayName: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Billionett password',
    text: [
      `Hello ${displayName},`,
      '',
      'We received a request to reset your Billionett password. Open this link within one hour:',
      link,
      '',
      'If you did not ask for this, ignore this mail; your password stays as it is.',
    ].join('\n'),
  };
}
