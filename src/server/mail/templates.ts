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

export function newSignInMail(to: string, displayName: string, device: string, link: string): Mail {
  return {
    to,
    subject: 'New sign-in to Billionett',
    text: [
      `Hello ${displayName},`,
      '',
      `Your Billionett account was just signed in to on ${device}.`,
      '',
      'If that was you, there is nothing to do. If not, sign that device out and change your password:',
      link,
    ].join('\n'),
  };
}
