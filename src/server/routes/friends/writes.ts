/**
 * Billionett writes (spec/calls.md "Friends"), each exactly once through the idempotency
 * plugin, so the outbox can replay them. Rules enforced here, not only in the screens:
 * no request to oneself or to a billionett; a request both ways becomes a friendship; only
 * the receiver answers a request; only the sender removes it; only one's own friendship
 * is unfriended. Every answer carries the other member's card and where the pair now stands.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { FRIEND_PATHS, friendActionResult, friendCodeParams } from '../../../contract/friends';
import { MESSAGES } from '../../../contract/rules';
import { isUniqueViolation, type Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { memberOf, type Member } from '../../plugins/auth';
import { bulletin } from '../../plugins/bulletins';
import { writeOnce } from '../../plugins/idempotency';
import { otherMember } from './access';
import {
  deleteFriendship,
  deleteRequest,
  dismiss,
  hasRequest,
  insertRequest,
  isFriend,
  loadCard,
  makeFriends,
  relationBetween,
  undismiss,
} from './repo';

type Other = { id: number; userCode: string };
/** `tells`: the bulletin the other member gets (written in the same transaction). */
type Outcome = { status: number; message: string; tells?: 'friendRequest' | 'friendAccept' };
type Act = (tx: Db, me: Member, other: Other) => Promise<Outcome>;
type Method = 'POST' | 'PUT' | 'DELETE';

const result = envelope(friendActionResult);
/** A request is answered in the crown's Billionett Requests; an acceptance opens the new billionett's suite. */
const BULLETIN_URLS: Record<'friendRequest' | 'friendAccept', (actorCode: string) => string> = {
  friendRequest: () => '/suite/billionetts',
  friendAccept: (code) => `/billionett/${encodeURIComponent(code)}/suite`,
};
const url = (toPath: (code: string) => string) => `/${toPath(':friendCode')}`;

/** Why a request the member tried to answer is not theirs to answer, or gone. */
async function refuseAnswer(tx: Db, me: Member, other: Other, mineMessage: string): Promise<never> {
  if (await hasRequest(tx, me.id, other.id)) throw new HttpError(403, mineMessage);
  throw new HttpError(404, MESSAGES.friendRequestNotFound);
}

const sendRequest: Act = async (tx, me, other) => {
  if (await isFriend(tx, me.id, other.id)) throw new HttpError(400, MESSAGES.friendAlready, { friendCode: [MESSAGES.friendAlready] });
  if (await hasRequest(tx, other.id, me.id)) {
    await makeFriends(tx, me.id, other.id);
    return { status: CODE_CREATED, message: 'You are now billionetts.', tells: 'friendAccept' };
  }
  // Already sent: answering success keeps a repeated tap (or a replay without its key) harmless.
  if (await hasRequest(tx, me.id, other.id)) return { status: CODE_OK, message: 'Billionett request already sent.' };
  await undismiss(tx, me.id, other.id);
  await insertRequest(tx, me.id, other.id);
  return { status: CODE_CREATED, message: 'Billionett request sent.', tells: 'friendRequest' };
};

const dismissSuggestion: Act = async (tx, me, other) => {
  await dismiss(tx, me.id, other.id);
  return { status: CODE_OK, message: 'Suggestion dismissed.' };
};

const acceptRequest: Act = async (tx, me, other) => {
  if (!(await deleteRequest(tx, other.id, me.id))) {
    if (await isFriend(tx, me.id, other.id)) throw new HttpError(400, MESSAGES.friendAlready);
    return refuseAnswer(tx, me, other, MESSAGES.friendRequestNotReceiver);
  }
  await makeFriends(tx, me.id, other.id);
  return { status: CODE_CREATED, message: 'Billionett request accepted.', tells: 'friendAccept' };
};

const rejectRequest: Act = async (tx, me, other) => {
  if (!(await deleteRequest(tx, other.id, me.id))) return refuseAnswer(tx, me, other, MESSAGES.friendRequestNotReceiver);
  // A rejected member is not suggested back to the one who rejected them.
  await dismiss(tx, me.id, other.id);
  return { status: CODE_OK, message: 'Billionett request rejected.' };
};

const removeSent: Act = async (tx, me, other) => {
  if (!(await deleteRequest(tx, me.id, other.id))) {
    if (await hasRequest(tx, other.id, me.id)) throw new HttpError(403, MESSAGES.friendRequestNotSender);
    throw new HttpError(404, MESSAGES.friendRequestNotFound);
  }
  return { status: CODE_OK, message: 'Billionett request removed.' };
};

const unfriend: Act = async (tx, me, other) => {
  if (!(await deleteFriendship(tx, me.id, other.id))) throw new HttpError(404, MESSAGES.friendNotFriends);
  // Friends of friends would otherwise suggest the member straight back.
  await dismiss(tx, me.id, other.id);
  return { status: CODE_OK, message: 'Billionett removed.' };
};

const friendWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = (method: Method | Method[], path: string, act: Act, selfMessage: string) =>
    app.route({
      method,
      url: path,
      config: { access: 'member', write: 'once' },
      schema: { tags: ['friends'], params: friendCodeParams, response: { 200: result, 201: result } },
      handler: async (request, reply) => {
        const me = memberOf(request);
        try {
          return await writeOnce(request, reply, async (tx) => {
            const other = await otherMember(tx, me, request.params.friendCode, selfMessage);
            const { status, message, tells } = await act(tx, me, other);
            if (tells) await bulletin(request, tx, { kind: tells, to: other.id, from: me.id, url: BULLETIN_URLS[tells](me.userCode) });
            const card = await loadCard(tx, other.id);
            const data = { friendCode: other.userCode, relation: await relationBetween(tx, me.id, other.id), card };
            return { status, body: { code: status, message, data } };
          });
        } catch (error) {
          // Two members requesting each other at the same instant (PostgreSQL): one wins the
          // pair's unique index; the other is told to retry, and its retry becomes the friendship.
          if (isUniqueViolation(error)) throw new HttpError(409, 'Please try again.');
          throw error;
        }
      },
    });

  const self = MESSAGES.friendSelf;
  // The spec gives both readings (PUT and POST) for the suggestion calls; both are served.
  register(['PUT', 'POST'], url(FRIEND_PATHS.suggestionAccept), sendRequest, self);
  register(['PUT', 'POST'], url(FRIEND_PATHS.suggestionReject), dismissSuggestion, self);
  register('POST', url(FRIEND_PATHS.requestAccept), acceptRequest, self);
  register('POST', url(FRIEND_PATHS.requestReject), rejectRequest, self);
  register('DELETE', url(FRIEND_PATHS.removeRequested), removeSent, self);
  register('PUT', url(FRIEND_PATHS.unfriend), unfriend, self);
};

export default friendWriteRoutes;
