/**
 * 'Delete my account' (domain/auth/account-deletion.ts): what it takes with it, shown first;
 * asked with the password or a passkey again (wrong passwords count like wrong sign-ins);
 * then every session ends at once, on every host. A sign-in before the days run out cancels
 * it (start-session.ts). The erasure itself is the sweep's (plugins/erasure.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DELETION_PATHS, DELETION_TEXT, deletionAnswer, deletionRequest, deletionState } from '../../../contract/account-deletion';
import { envelope } from '../../../contract/envelope';
import { passkeyRequestOptions, PASSKEY_TEXT } from '../../../contract/passkeys';
import { pushSubscriptions } from '../../db/schema/bulletins';
import { HttpError, fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { signInCounters } from '../../plugins/rate-limit';
import { deletionDue, deletionPreview, scheduleDeletion } from '../../domain/auth/account-deletion';
import { confirmOptions, passkeyConfirms } from '../../domain/auth/passkeys';
import { verifyPassword } from '../../domain/auth/passwords';
import { accountById, loginOf } from '../../domain/auth/repo';
import { revokeOthers } from '../../domain/auth/sessions';
import { relyingPartyOf } from './passkeys';

const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${DELETION_PATHS.state}`, {
    config: { access: 'member' },
    schema: { tags: ['account'], response: { 200: envelope(deletionState) } },
    handler: async (request) => {
      const me = memberOf(request);
      const [due, preview] = await Promise.all([deletionDue(app.db, me.id), deletionPreview(app.db, me.id)]);
      return { code: 200, message: 'ok', data: { deleteAfter: due?.toISOString() ?? null, preview } };
    },
  });

  app.post(`/${DELETION_PATHS.passkeyOptions}`, {
    config: { access: 'member', write: { repeatable: 'each call keeps one more short-lived challenge' } },
    schema: { tags: ['account'], response: { 200: envelope(passkeyRequestOptions) } },
    handler: async (request) => ({ code: 200, message: 'ok', data: await confirmOptions(app.db, relyingPartyOf(app, request), memberOf(request).id) }),
  });

  app.post(`/${DELETION_PATHS.request}`, {
    config: { access: 'member', write: { repeatable: 'asked again, the days count from the last ask; the sessions are already ended' } },
    schema: { tags: ['account'], body: deletionRequest, response: { 200: envelope(deletionAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const account = await accountById(app.db, me.id);
      if (!account) throw new HttpError(401, 'Please sign in again.');
      const { password, passkey } = request.body;
      const attempt = await app.limits.begin(request, reply, signInCounters(request, loginOf(account)));
      try {
        if (passkey) {
          if (!(await passkeyConfirms(app.db, relyingPartyOf(app, request), me.id, passkey as never))) throw attempt.fail(new HttpError(400, PASSKEY_TEXT.refused));
        } else if (!(await verifyPassword(account.passwordHash, password ?? ''))) {
          throw attempt.fail(fieldError('password', DELETION_TEXT.wrongPassword));
        }
        const { deleteAfter, ended } = await app.db.transaction(async (tx) => {
          // No device hears of the account any more: its push subscriptions go now.
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
          return {
            deleteAfter: await scheduleDeletion(tx, me.id),
            // Every device is signed out, this one too: a sign-in is what cancels.
            ended: await revokeOthers(tx, me.id, null, 'deletion'),
          };
        });
        app.sessionsEnded(ended);
        request.log.info({ userCode: account.userCode, deleteAfter }, 'account deletion asked');
        return { code: 200, message: DELETION_TEXT.asked(deleteAfter.toISOString().slice(0, 10)), data: { deleteAfter: deleteAfter.toISOString() } };
      } finally {
        await attempt.end();
      }
    },
  });
};

export default accountDeletionRoutes;
