/**
 * Forgotten password: request a link, check its token, set the new password.
 * Tokens are single use, live one hour, and only their SHA-256 is stored.
 *
 * Unknown login → 404 "No account found with that email or mobile no.": the spec's forgot
 * screen shows that text, so we keep it; the 5/min per address limit bounds account
 * probing, and 5 per 15 minutes per login bounds the mails one inbox can be sent.
 * Wrong tokens count per address (plugins/rate-limit.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_PATHS, requestResetRequest, resetPasswordRequest, resetTokenRequest } from '../../../contract/auth';
import { envelope } from '../../../contract/envelope';
import { MESSAGES } from '../../../contract/rules';
import { HttpError, fieldError } from '../../http-error';
import { linkBase } from '../../mail/link-origin';
import { resetPasswordMail } from '../../mail/templates';
import { idempotentWrite, sendWrite } from '../../plugins/idempotency';
import { FAILURE_RULES, addressCounter, loginKey, resetLimit } from '../../plugins/rate-limit';
import { hashPassword } from '../../domain/auth/passwords';
import { revokeOthers } from '../../domain/auth/sessions';
import { createResetToken, findByLogin, resetTokenValid, useResetToken } from '../../domain/auth/repo';

/** These answers carry no data. */
const ok = envelope(z.object({}));
const tokenScope = (token: string) => `reset:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;

const resetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`/${AUTH_PATHS.requestResetPassword}`, {
    config: { access: 'anyone', write: 'once', rateLimit: resetLimit },
    schema: { tags: ['auth'], body: requestResetRequest, response: { 200: ok } },
    handler: async (request, reply) => {
      await app.limits.count(request, reply, [{ rule: FAILURE_RULES.resetAccount, id: loginKey(request.body.username) }]);
      const account = await findByLogin(app.db, request.body.username);
      if (!account) throw new HttpError(404, MESSAGES.forgotNotFound);
      const scope = `reset-request:${account.userCode}`;
      let token: string | null = null;
      const result = await idempotentWrite(app.db, request, scope, async (tx) => {
        token = await createResetToken(tx, account.id);
        return { status: 200, body: { code: 200, message: 'A reset link has been sent.' } };
      });
      // Mail after commit: a link must never point at a token that was rolled back.
      if (token && !result.replayed) {
        const to = account.email ?? account.mobile ?? '';
        // On the origin the member came through, when the deployment trusts it (link-origin.ts).
        const link = `${linkBase(request, app.config.publicUrl, app.config.linkOrigins)}/reset-password/${token}`;
        await app.mailer.send(resetPasswordMail(to, account.displayName, link));
      }
      return sendWrite(reply, result);
    },
  });

  app.post(`/${AUTH_PATHS.validateResetPasswordToken}`, {
    config: { access: 'anyone', write: 'none' },
    schema: { tags: ['auth'], body: resetTokenRequest, response: { 200: ok } },
    handler: async (request, reply) => {
      const attempt = await app.limits.begin(request, reply, [addressCounter(FAILURE_RULES.resetTokenAddress, request)]);
      try {
        if (!(await resetTokenValid(app.db, request.body.resetPasswordToken))) {
          throw attempt.fail(fieldError('resetPasswordToken', MESSAGES.resetExpired));
        }
        return { code: 200, message: 'Valid token.' };
      } finally {
        await attempt.end();
      }
    },
  });

  app.post(`/${AUTH_PATHS.resetPassword}`, {
    config: { access: 'anyone', write: 'once' },
    schema: { tags: ['auth'], body: resetPasswordRequest, response: { 200: ok } },
    handler: async (request, reply) => {
      const { password, resetPasswordToken } = request.body;
      const attempt = await app.limits.begin(request, reply, [addressCounter(FAILURE_RULES.resetTokenAddress, request)]);
      try {
        const passwordHash = await hashPassword(password);
        let ended: string[] = [];
        const result = await idempotentWrite(app.db, request, tokenScope(resetPasswordToken), async (tx) => {
          const userId = await useResetToken(tx, resetPasswordToken, passwordHash);
          if (userId === null) throw attempt.fail(fieldError('resetPasswordToken', MESSAGES.resetExpired));
          // A reset is how a member takes their account back: every device is signed out.
          ended = await revokeOthers(tx, userId, null, 'password');
          return { status: 200, body: { code: 200, message: MESSAGES.resetSuccess } };
        });
        app.sessionsEnded(ended);
        return sendWrite(reply, result);
      } finally {
        await attempt.end();
      }
    },
  });
};

export default resetRoutes;
