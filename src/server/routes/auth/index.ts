/**
 * Authentication and registration (spec/calls.md): sign-in, sign-up, existence checks.
 * Password reset is in reset.ts. All public and rate limited (plugins/rate-limit.ts):
 * wrong sign-ins per address, per account and per both; sign-ups refused for a bad
 * activation code or a taken login per address; existence checks per call and address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_PATHS,
  existenceAnswer,
  signInRequest,
  signUpRequest,
  validateEmailRequest,
  validateMobileRequest,
} from '../../../contract/auth';
import { CODE_EXISTS } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { MESSAGES } from '../../../contract/rules';
import { isUniqueViolation } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { HttpError, fieldError } from '../../http-error';
import { idempotentWrite, sendWrite } from '../../plugins/idempotency';
import { FAILURE_RULES, addressCounter, existenceLimit, signInCounters } from '../../plugins/rate-limit';
import { hashPassword, verifyPassword } from '../../domain/auth/passwords';
import { createChallenge, needsSecondFactor } from '../../domain/auth/second-factor';
import { secondStepOptions } from '../../domain/auth/passkeys';
import { relyingPartyOf } from './passkeys';
import { SECOND_FACTOR_TEXT, signInAnswer } from '../../../contract/second-factor';
import { startSession } from './start-session';
import { activationState, consumeActivationCode, findByLogin, loginTaken, newUserCode } from '../../domain/auth/repo';

const CODE_FREE = '100';
const GENDER = { male: 'Male', female: 'Female', other: 'Other' } as const;

const ACTIVATION_MESSAGES = {
  unknown: MESSAGES.activationCodeInvalid,
  used: MESSAGES.activationCodeInvalid,
  'other-plan': MESSAGES.activationCodeOtherPlan,
} as const;

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`/${AUTH_PATHS.signIn}`, {
    config: { access: 'anyone', write: 'none' },
    schema: { tags: ['auth'], body: signInRequest, response: { 200: envelope(signInAnswer) } },
    handler: async (request, reply) => {
      const { username, password, rememberMe } = request.body;
      // Before the password is looked at: a locked account answers 429, right password or not.
      const attempt = await app.limits.begin(request, reply, signInCounters(request, username));
      try {
        const account = await findByLogin(app.db, username);
        // Unknown accounts still pay for one argon2 verify: same answer, same time.
        const ok = await verifyPassword(account?.passwordHash ?? null, password);
        if (!account || !ok) throw attempt.fail(new HttpError(401, MESSAGES.loginFailed));
        // A member with two-step sign-in on owes a code: a challenge, not a session yet.
        const factors = await needsSecondFactor(app.db, account.id);
        if (factors) {
          const challenge = await createChallenge(app.db, account.id, rememberMe ?? false);
          const passkey = factors.passkeys > 0 ? await secondStepOptions(app.db, relyingPartyOf(app, request), account.id, challenge) : undefined;
          const data = { secondFactor: factors.totp ? 'totp' : 'passkey', challenge, passkey } as const;
          return reply.send({ code: 200, message: SECOND_FACTOR_TEXT.askCode, data });
        }
        return reply.send({ code: 200, message: MESSAGES.loginSuccess, data: await startSession(app, request, account, rememberMe ?? false) });
      } finally {
        await attempt.end();
      }
    },
  });

  app.post(`/${AUTH_PATHS.signUp}`, {
    config: { access: 'anyone', write: 'once' },
    schema: { tags: ['auth'], body: signUpRequest, response: { 201: envelope(z.object({ userCode: z.string() })) } },
    handler: async (request, reply) => {
      const input = request.body;
      const email = input.emailId.toLowerCase();
      const mobile = input.mobileNo;
      // Wrong activation codes count per address; so do taken logins, or sign-up would be
      // an existence check without the existence checks' limit.
      const attempt = await app.limits.begin(request, reply, [addressCounter(FAILURE_RULES.signUpAddress, request)]);
      try {
        // Hash before the transaction: argon2 takes ~50 ms and must not hold a lock.
        const passwordHash = await hashPassword(input.password);
        const scope = `signup:${email || mobile}`;
        const result = await idempotentWrite(app.db, request, scope, async (tx) => {
          if (await loginTaken(tx, email, mobile)) throw attempt.fail(new HttpError(409, MESSAGES.usernameExists));
          const state = await activationState(tx, input.activationCode, input.planCode);
          if (state !== 'ok') throw attempt.fail(fieldError('activationCode', ACTIVATION_MESSAGES[state]));
          const userCode = newUserCode();
          const [created] = await tx
            .insert(users)
            .values({
              userCode,
              email: email || null,
              mobile: mobile || null,
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              displayName: input.displayName,
              gender: GENDER[input.gender],
              dateOfBirth: input.dateOfBirth || null,
              planCode: input.planCode,
            })
            .returning({ id: users.id });
          if (!created || !(await consumeActivationCode(tx, input.activationCode, input.planCode, created.id))) {
            throw attempt.fail(fieldError('activationCode', MESSAGES.activationCodeInvalid));
          }
          return { status: 201, body: { code: 201, message: 'Registration successful.', data: { userCode } } };
        }).catch((error: unknown) => {
          // Two sign-ups racing for one e-mail: the unique index decides, the loser hears why.
          if (isUniqueViolation(error)) throw attempt.fail(new HttpError(409, MESSAGES.usernameExists));
          throw error;
        });
        return sendWrite(reply, result);
      } finally {
        await attempt.end();
      }
    },
  });

  const existence = (taken: boolean) => ({
    code: 200,
    message: taken ? MESSAGES.usernameExists : 'Available.',
    data: taken ? { code: CODE_EXISTS, message: MESSAGES.usernameExists } : { code: CODE_FREE, message: 'Available.' },
  });

  app.post(`/${AUTH_PATHS.validateEmailId}`, {
    config: { access: 'anyone', write: 'none', rateLimit: existenceLimit },
    schema: { tags: ['auth'], body: validateEmailRequest, response: { 200: envelope(existenceAnswer) } },
    handler: async (request) => existence(await loginTaken(app.db, request.body.emailId, '')),
  });

  app.post(`/${AUTH_PATHS.validateMobileNo}`, {
    config: { access: 'anyone', write: 'none', rateLimit: existenceLimit },
    schema: { tags: ['auth'], body: validateMobileRequest, response: { 200: envelope(existenceAnswer) } },
    handler: async (request) => existence(await loginTaken(app.db, '', request.body.mobileNo)),
  });
};

export default authRoutes;
