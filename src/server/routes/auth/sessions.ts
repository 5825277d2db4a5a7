/**
 * Sessions (domain/auth/sessions.ts): renewing a session's tokens, Checkout ending it, and
 * 'Where you're signed in' — the member's sessions listed and ended. Renewal and Checkout
 * are public: the refresh token is the credential (an expired access token must still
 * renew, and Checkout offline is sent later, when no access token may be good any more).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_PATHS, refreshRequest, sessionData } from '../../../contract/auth';
import { envelope } from '../../../contract/envelope';
import { MESSAGES } from '../../../contract/rules';
import {
  CHANGE_PASSWORD_PATH,
  changePasswordAnswer,
  changePasswordRequest,
  deviceSessions,
  endOthersAnswer,
  SESSION_PATHS,
  sessionParams,
  SESSION_TEXT,
} from '../../../contract/sessions';
import { users } from '../../db/schema/accounts';
import { HttpError, fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { FAILURE_RULES, addressCounter, signInCounters } from '../../plugins/rate-limit';
import { hashPassword, verifyPassword } from '../../domain/auth/passwords';
import { accountById, loginOf, sessionOf } from '../../domain/auth/repo';
import { accessTokenFor, listSessions, renewSession, revokeByRefresh, revokeOthers, revokeSession } from '../../domain/auth/sessions';

const SIGN_IN_AGAIN = 'Please sign in again.';

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`/${AUTH_PATHS.refresh}`, {
    config: { access: 'anyone', write: { repeatable: 'a repeat within the grace renews again (sessions.ts); a later one is refused' } },
    schema: { tags: ['auth'], body: refreshRequest, response: { 200: envelope(sessionData) } },
    handler: async (request, reply) => {
      // Refused renewals count per address, like wrong passwords: guessing is not free.
      const attempt = await app.limits.begin(request, reply, [addressCounter(FAILURE_RULES.refreshAddress, request)]);
      try {
        const renewal = await renewSession(app.db, request.body.refreshToken);
        if (renewal.kind === 'reuse') request.log.warn({ userId: renewal.userId }, 'a refresh token was used twice: its session is ended');
        if (renewal.kind !== 'renewed') throw attempt.fail(new HttpError(401, SIGN_IN_AGAIN));
        const account = await accountById(app.db, renewal.userId);
        if (!account) throw attempt.fail(new HttpError(401, SIGN_IN_AGAIN));
        const { token, expiresAt } = await accessTokenFor(app.db, account, renewal.sessionId);
        return { code: 200, message: MESSAGES.loginSuccess, data: sessionOf(account, token, expiresAt, renewal) };
      } finally {
        await attempt.end();
      }
    },
  });

  app.post(`/${AUTH_PATHS.signOut}`, {
    config: { access: 'anyone', write: { repeatable: 'ending an ended session changes nothing' } },
    schema: { tags: ['auth'], body: refreshRequest, response: { 200: envelope(z.object({})) } },
    // The same answer whether the token was good: it tells nothing to whoever holds a copy.
    handler: async (request) => {
      const ended = await revokeByRefresh(app.db, request.body.refreshToken);
      if (ended) app.sessionsEnded([ended]);
      return { code: 200, message: 'Signed out.' };
    },
  });

  app.get(`/${SESSION_PATHS.list}`, {
    config: { access: 'member' },
    schema: { tags: ['sessions'], response: { 200: envelope(deviceSessions) } },
    handler: async (request) => {
      const me = memberOf(request);
      const rows = await listSessions(app.db, me.id);
      const list = rows.map((r) => ({
        sessionCode: r.sessionId,
        device: r.device,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        current: r.sessionId === me.sessionId,
      }));
      return { code: 200, message: 'ok', data: { sessions: list } };
    },
  });

  app.delete(`/${SESSION_PATHS.list}/:sessionCode`, {
    config: { access: 'member', write: { repeatable: 'ending an ended session changes nothing' } },
    schema: { tags: ['sessions'], params: sessionParams, response: { 200: envelope(z.object({})) } },
    handler: async (request) => {
      const me = memberOf(request);
      // Another member's session, or one already over: not found alike.
      if (!(await revokeSession(app.db, me.id, request.params.sessionCode, 'ended'))) throw new HttpError(404, 'That session is not signed in.');
      app.sessionsEnded([request.params.sessionCode]);
      return { code: 200, message: SESSION_TEXT.ended };
    },
  });

  app.post(`/${CHANGE_PASSWORD_PATH}`, {
    config: { access: 'member', write: { repeatable: 'a repeat meets the new password as the current one and is refused; nothing changes twice' } },
    schema: { tags: ['sessions'], body: changePasswordRequest, response: { 200: envelope(changePasswordAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { currentPassword, newPassword, endOthers } = request.body;
      const account = await accountById(app.db, me.id);
      if (!account) throw new HttpError(401, SIGN_IN_AGAIN);
      // Wrong current passwords count like wrong sign-ins of the account: guessing is not free here either.
      const attempt = await app.limits.begin(request, reply, signInCounters(request, loginOf(account)));
      try {
        if (!(await verifyPassword(account.passwordHash, currentPassword))) throw attempt.fail(fieldError('currentPassword', SESSION_TEXT.wrongPassword));
        if (currentPassword === newPassword) throw fieldError('newPassword', SESSION_TEXT.samePassword);
        const passwordHash = await hashPassword(newPassword);
        const changedAt = new Date();
        const ended = await app.db.transaction(async (tx) => {
          // Ending the others also refuses every token signed before now (those from before
          // sessions too); this device gets a fresh one below. Else the sessions stay.
          await tx.update(users).set(endOthers ? { passwordHash, passwordChangedAt: changedAt } : { passwordHash }).where(eq(users.id, me.id));
          return endOthers ? revokeOthers(tx, me.id, me.sessionId, 'password') : [];
        });
        app.sessionsEnded(ended);
        const { token, expiresAt } = await accessTokenFor(app.db, account, me.sessionId);
        return { code: 200, message: SESSION_TEXT.passwordChanged, data: { accessToken: token, expiresAt, ended: ended.length } };
      } finally {
        await attempt.end();
      }
    },
  });

  app.post(`/${SESSION_PATHS.endOthers}`, {
    config: { access: 'member', write: { repeatable: 'ending the ended sessions again changes nothing' } },
    schema: { tags: ['sessions'], response: { 200: envelope(endOthersAnswer) } },
    handler: async (request) => {
      const me = memberOf(request);
      const ended = await revokeOthers(app.db, me.id, me.sessionId, 'ended');
      app.sessionsEnded(ended);
      return { code: 200, message: SESSION_TEXT.endedOthers, data: { ended: ended.length } };
    },
  });
};

export default sessionRoutes;

