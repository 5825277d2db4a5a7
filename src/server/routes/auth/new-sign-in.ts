/**
 * A sign-in from a device the member has not used (domain/auth/sessions.ts deviceNews): a
 * bulletin, pushed to their other devices, and a mail where mail is configured — both
 * lead to 'Where you're signed in', where that session can be ended.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeBulletin } from '../../domain/bulletins/create';
import type { LoginAccount } from '../../domain/auth/repo';
import { linkBase } from '../../mail/link-origin';
import { newSignInMail } from '../../mail/templates';

export const SESSIONS_SCREEN = '/settings/sessions';

export async function tellOfNewSignIn(app: FastifyInstance, request: FastifyRequest, account: LoginAccount, device: string): Promise<void> {
  try {
    const wrote = await writeBulletin(app.db, { kind: 'newSignIn', to: account.id, from: account.id, url: SESSIONS_SCREEN, subjectName: device });
    if (wrote && app.hasDecorator('bulletins')) app.bulletins.wake();
    // Without SMTP a mail only reaches the server's console: not for every sign-in.
    if (app.mailer.kind === 'smtp' && account.email) {
      const link = `${linkBase(request, app.config.publicUrl, app.config.linkOrigins)}${SESSIONS_SCREEN}`;
      await app.mailer.send(newSignInMail(account.email, account.displayName, device, link));
    }
  } catch (err) {
    // The member is signed in either way; the notice is not worth refusing them for.
    request.log.error({ err }, 'new sign-in notice failed');
  }
}
