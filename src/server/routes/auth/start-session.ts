/**
 * A sign-in that passed (the password, and the second factor when the member has one): a
 * session on the server, its first access token, the new-device notice, and the end of a
 * deletion the member had asked for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionData } from '../../../contract/auth';
import { deviceName } from '../../domain/auth/device-name';
import { sessionOf, type LoginAccount } from '../../domain/auth/repo';
import { accessTokenFor, createSession, deviceNews } from '../../domain/auth/sessions';
import { tellOfNewSignIn } from './new-sign-in';
import { cancelDeletion } from '../../domain/auth/account-deletion';

export async function startSession(app: FastifyInstance, request: FastifyRequest, account: LoginAccount, remember: boolean): Promise<SessionData> {
  const device = deviceName(request.headers['user-agent']);
  const news = await deviceNews(app.db, account.id, device);
  const session = await createSession(app.db, { userId: account.id, device, remember });
  const { token, expiresAt } = await accessTokenFor(app.db, account, session.sessionId);
  if (news === 'new') await tellOfNewSignIn(app, request, account, device);
  // Checking in while the account waits to be erased keeps it (docs/decisions/0073-account-deletion.md).
  const deletionCancelled = await cancelDeletion(app.db, account.id);
  return { ...sessionOf(account, token, expiresAt, session), ...(deletionCancelled ? { deletionCancelled } : {}) };
}
