/**
 * Passkeys (domain/auth/passkeys.ts): a sign-in with one alone (public: the passkey is the
 * credential), and the member's own — add, list, rename, remove. Refused sign-ins count
 * like wrong passwords per address (plugins/rate-limit.ts); fetching sign-in options
 * counts every call, since each keeps a challenge for minutes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionData } from '../../../contract/auth';
import { envelope } from '../../../contract/envelope';
import {
  PASSKEY_PATHS,
  PASSKEY_TEXT,
  passkeyAdded,
  passkeyCreationOptions,
  passkeyList,
  passkeyParams,
  passkeyRegister,
  passkeyRename,
  passkeyRequestOptions,
  passkeySignIn,
} from '../../../contract/passkeys';
import { MESSAGES } from '../../../contract/rules';
import { HttpError } from '../../http-error';
import { originOf } from '../../mail/link-origin';
import { memberOf } from '../../plugins/auth';
import { FAILURE_RULES, addressCounter } from '../../plugins/rate-limit';
import { deviceName } from '../../domain/auth/device-name';
import {
  listPasskeys,
  passkeySignIn as signInWithPasskey,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  renamePasskey,
  signInOptions,
} from '../../domain/auth/passkeys';
import { accountById, loginOf } from '../../domain/auth/repo';
import { startSession } from './start-session';

/** This request's relying party: the origin the member's app came through, when trusted. */
export const relyingPartyOf = (app: FastifyInstance, request: FastifyRequest) => {
  const origin = request.headers.origin ?? (request.headers.host ? `${request.protocol}://${request.headers.host}` : undefined);
  return relyingParty(app.config.linkOrigins, origin ? (originOf(origin) ?? undefined) : undefined);
};

const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(`/${PASSKEY_PATHS.signInOptions}`, {
    config: { access: 'anyone', write: { repeatable: 'each call keeps one more short-lived challenge; none is a session' } },
    schema: { tags: ['auth'], response: { 200: envelope(passkeyRequestOptions) } },
    handler: async (request, reply) => {
      await app.limits.count(request, reply, [addressCounter(FAILURE_RULES.passkeyOptionsAddress, request)]);
      return { code: 200, message: 'ok', data: await signInOptions(app.db, relyingPartyOf(app, request)) };
    },
  });

  app.post(`/${PASSKEY_PATHS.signIn}`, {
    config: { access: 'anyone', write: 'none' },
    schema: { tags: ['auth'], body: passkeySignIn, response: { 200: envelope(sessionData) } },
    handler: async (request, reply) => {
      const attempt = await app.limits.begin(request, reply, [addressCounter(FAILURE_RULES.signInAddress, request)]);
      try {
        const userId = await signInWithPasskey(app.db, relyingPartyOf(app, request), request.body.response as never);
        const account = userId === null ? null : await accountById(app.db, userId);
        if (!account) throw attempt.fail(new HttpError(401, PASSKEY_TEXT.refused));
        // A passkey is both steps: the browser verified the member on a device they hold.
        return { code: 200, message: MESSAGES.loginSuccess, data: await startSession(app, request, account, request.body.rememberMe ?? false) };
      } finally {
        await attempt.end();
      }
    },
  });

  app.get(`/${PASSKEY_PATHS.list}`, {
    config: { access: 'member' },
    schema: { tags: ['passkeys'], response: { 200: envelope(passkeyList) } },
    handler: async (request) => ({ code: 200, message: 'ok', data: { passkeys: await listPasskeys(app.db, memberOf(request).id) } }),
  });

  app.post(`/${PASSKEY_PATHS.registerOptions}`, {
    config: { access: 'member', write: { repeatable: 'each call keeps one more short-lived challenge' } },
    schema: { tags: ['passkeys'], response: { 200: envelope(passkeyCreationOptions) } },
    handler: async (request) => {
      const me = memberOf(request);
      const account = await accountById(app.db, me.id);
      if (!account) throw new HttpError(401, 'Please sign in again.');
      const member = { id: me.id, userCode: account.userCode, login: loginOf(account), displayName: account.displayName };
      return { code: 200, message: 'ok', data: await registrationOptions(app.db, relyingPartyOf(app, request), member) };
    },
  });

  app.post(`/${PASSKEY_PATHS.register}`, {
    config: { access: 'member', write: { repeatable: 'its challenge is good once: a repeat is refused and adds nothing' } },
    schema: { tags: ['passkeys'], body: passkeyRegister, response: { 201: envelope(passkeyAdded) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const name = deviceName(request.headers['user-agent']);
      const added = await registerPasskey(app.db, relyingPartyOf(app, request), me.id, request.body.response as never, name);
      if (added.kind === 'refused') throw new HttpError(400, PASSKEY_TEXT.refused);
      if (added.kind === 'already') throw new HttpError(409, PASSKEY_TEXT.already);
      const { passkeyCode, recoveryCodes } = added;
      return reply.code(201).send({ code: 201, message: PASSKEY_TEXT.added, data: { passkeyCode, name, recoveryCodes } });
    },
  });

  app.patch(`/${'user/passkeys/:passkeyCode'}`, {
    config: { access: 'member', write: { repeatable: 'renaming to the same name changes nothing' } },
    schema: { tags: ['passkeys'], params: passkeyParams, body: passkeyRename, response: { 200: envelope(z.object({})) } },
    handler: async (request) => {
      if (!(await renamePasskey(app.db, memberOf(request).id, request.params.passkeyCode, request.body.name))) throw new HttpError(404, 'No such passkey.');
      return { code: 200, message: PASSKEY_TEXT.renamed };
    },
  });

  app.delete(`/${'user/passkeys/:passkeyCode'}`, {
    config: { access: 'member', write: { repeatable: 'removing a removed passkey answers 404 and changes nothing' } },
    schema: { tags: ['passkeys'], params: passkeyParams, response: { 200: envelope(z.object({})) } },
    handler: async (request) => {
      if (!(await removePasskey(app.db, memberOf(request).id, request.params.passkeyCode))) throw new HttpError(404, 'No such passkey.');
      return { code: 200, message: PASSKEY_TEXT.removed };
    },
  });
};

export default passkeyRoutes;
