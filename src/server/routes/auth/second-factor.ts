/**
 * Two-step sign-in (domain/auth/second-factor.ts): the code step of a sign-in, and the
 * member's own switch — a secret to scan, its first code to confirm it (answering the
 * recovery codes once), and off again with the password. Wrong codes count like wrong
 * passwords: per address, per account and per both (plugins/rate-limit.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionData } from '../../../contract/auth';
import { envelope } from '../../../contract/envelope';
import { MESSAGES } from '../../../contract/rules';
import {
  recoveryCodesAnswer,
  SECOND_FACTOR_PATHS,
  SECOND_FACTOR_TEXT,
  secondFactorOff,
  secondFactorSignIn,
  secondFactorState,
  totpConfirm,
  totpSetup,
} from '../../../contract/second-factor';
import { HttpError, fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { FAILURE_RULES, addressCounter, signInCounters } from '../../plugins/rate-limit';
import { verifyPassword } from '../../domain/auth/passwords';
import { accountById, loginOf } from '../../domain/auth/repo';
import { answerChallenge, beginTotp, challengeOwner, confirmTotp, secondFactorState as stateOf, turnOffTotp } from '../../domain/auth/second-factor';
import { verifyAssertion } from '../../domain/auth/passkeys';
import { PASSKEY_TEXT } from '../../../contract/passkeys';
import { relyingPartyOf } from './passkeys';
import { startSession } from './start-session';

const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`/${SECOND_FACTOR_PATHS.signIn}`, {
    config: { access: 'anyone', write: 'none' },
    schema: { tags: ['auth'], body: secondFactorSignIn, response: { 200: envelope(sessionData) } },
    handler: async (request, reply) => {
      const owner = await challengeOwner(app.db, request.body.challenge);
      const account = owner === null ? null : await accountById(app.db, owner);
      if (!account) {
        await app.limits.count(request, reply, [addressCounter(FAILURE_RULES.signInAddress, request)]);
        throw new HttpError(401, SECOND_FACTOR_TEXT.challengeGone);
      }
      // Wrong codes count like wrong passwords, the account's counters too: a thief with
      // the password meets the same limit, however many challenges they fetch.
      const attempt = await app.limits.begin(request, reply, signInCounters(request, loginOf(account)));
      try {
        const { challenge, code, passkey } = request.body;
        const rp = relyingPartyOf(app, request);
        const step = passkey
          ? { passkey: async (tx: typeof app.db, userId: number, expected: string) => (await verifyAssertion(tx, rp, passkey as never, { challenge: expected, userId, userVerification: false })) !== null }
          : { code: code ?? '' };
        const answer = await answerChallenge(app.db, challenge, step);
        if (answer.kind === 'gone') throw attempt.fail(new HttpError(401, SECOND_FACTOR_TEXT.challengeGone));
        if (answer.kind === 'wrong') throw attempt.fail(passkey ? new HttpError(400, PASSKEY_TEXT.refused) : fieldError('code', SECOND_FACTOR_TEXT.wrongCode));
        return { code: 200, message: MESSAGES.loginSuccess, data: await startSession(app, request, account, answer.remember) };
      } finally {
        await attempt.end();
      }
    },
  });

  app.get(`/${SECOND_FACTOR_PATHS.state}`, {
    config: { access: 'member' },
    schema: { tags: ['second-factor'], response: { 200: envelope(secondFactorState) } },
    handler: async (request) => ({ code: 200, message: 'ok', data: await stateOf(app.db, memberOf(request).id) }),
  });

  app.post(`/${SECOND_FACTOR_PATHS.beginTotp}`, {
    config: { access: 'member', write: { repeatable: 'each call replaces a secret never confirmed; a confirmed one is refused' } },
    schema: { tags: ['second-factor'], response: { 200: envelope(totpSetup) } },
    handler: async (request) => {
      const me = memberOf(request);
      const account = await accountById(app.db, me.id);
      const setup = await beginTotp(app.db, me.id, loginOf(account ?? { email: null, mobile: me.userCode }));
      if (!setup) throw new HttpError(409, SECOND_FACTOR_TEXT.alreadyOn);
      return { code: 200, message: 'ok', data: setup };
    },
  });

  app.post(`/${SECOND_FACTOR_PATHS.confirmTotp}`, {
    config: { access: 'member', write: { repeatable: 'a code is good once: a repeat is refused and changes nothing' } },
    schema: { tags: ['second-factor'], body: totpConfirm, response: { 200: envelope(recoveryCodesAnswer) } },
    handler: async (request) => {
      const codes = await confirmTotp(app.db, memberOf(request).id, request.body.code);
      if (!codes) throw fieldError('code', SECOND_FACTOR_TEXT.wrongCode);
      return { code: 200, message: SECOND_FACTOR_TEXT.turnedOn, data: { recoveryCodes: codes } };
    },
  });

  app.post(`/${SECOND_FACTOR_PATHS.off}`, {
    config: { access: 'member', write: { repeatable: 'off twice is off' } },
    schema: { tags: ['second-factor'], body: secondFactorOff, response: { 200: envelope(z.object({})) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const account = await accountById(app.db, me.id);
      if (!account) throw new HttpError(401, 'Please sign in again.');
      const attempt = await app.limits.begin(request, reply, signInCounters(request, loginOf(account)));
      try {
        if (!(await verifyPassword(account.passwordHash, request.body.password))) throw attempt.fail(fieldError('password', SECOND_FACTOR_TEXT.wrongPassword));
        await turnOffTotp(app.db, me.id);
        return { code: 200, message: SECOND_FACTOR_TEXT.turnedOff };
      } finally {
        await attempt.end();
      }
    },
  });
};

export default secondFactorRoutes;
