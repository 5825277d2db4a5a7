/**
 * A member's side of a circle (spec/calls.md "Circles"; contract/circle-admin.ts decisions):
 * Follow a suggestion (join at once or ask, by the circle's 'requests' privacy; an open
 * invitation is accepted by it), Later, leave or withdraw an ask, and answer an invitation.
 * Each runs once per Idempotency-Key and answers where the caller now stands with the
 * circle and its card as they now see it (null once they may not read it). Who may reach
 * the circle at all is the route's `origin` rule (a paused circle is 404 to all but its owner).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CIRCLE_FORM_MESSAGES, circleActionResult } from '../../../contract/circle-admin';
import { CIRCLE_PATHS, groupCodeParams } from '../../../contract/circles';
import { CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { fieldError, HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import { joinWay, type Origin } from '../../policy/origins';
import { cardFor, membershipOf } from '../../domain/circles/lists';
import { addMember, addRequest, deleteRequest, dismiss, removeMember, standingOf } from '../../domain/circles/membership';
import { bulletin } from '../../plugins/bulletins';

/** `asks`: the circle's owner gets a bulletin of a new ask to join. */
type Outcome = { status: number; message: string; asks?: true };
type Act = (tx: Db, me: number, circle: Origin) => Promise<Outcome>;

const result = envelope(circleActionResult);
const reader = { origin: 'circle', at: 'params.groupCode', role: 'reader' } as const;
const unchanged = (message: string): Outcome => ({ status: CODE_OK, message });

/** Follow: join, ask, or accept the open invitation; already in (or asked): nothing changes. */
const follow: Act = async (tx, me, circle) => {
  if (circle.owner) return unchanged(CIRCLE_FORM_MESSAGES.alreadyMember);
  const standing = await standingOf(tx, circle.id, me);
  if (standing === 'member') return unchanged(CIRCLE_FORM_MESSAGES.alreadyMember);
  if (standing === 'join') return unchanged('Already asked to join.');
  if (standing === 'invite') {
    await addMember(tx, circle.id, me);
    return { status: CODE_CREATED, message: 'Invitation accepted: you joined the circle.' };
  }
  const way = joinWay(circle);
  if (way === 'closed') throw new HttpError(403, CIRCLE_FORM_MESSAGES.closed);
  if (way === 'join') {
    await addMember(tx, circle.id, me);
    return { status: CODE_CREATED, message: 'You joined the circle.' };
  }
  await addRequest(tx, circle.id, me, 'join');
  return { status: CODE_CREATED, message: 'Asked to join the circle.', asks: true };
};

/** Later: not suggested again; an open invitation is declined with it. */
const later: Act = async (tx, me, circle) => {
  await deleteRequest(tx, circle.id, me, 'invite');
  await dismiss(tx, circle.id, me);
  return unchanged('The circle will not be suggested again.');
};

/** Leave the circle, or withdraw my ask to join. */
const unfollow: Act = async (tx, me, circle) => {
  if (circle.owner) throw fieldError('groupCode', CIRCLE_FORM_MESSAGES.ownerStays);
  if (await removeMember(tx, circle.id, me)) return unchanged('You left the circle.');
  if (await deleteRequest(tx, circle.id, me, 'join')) return unchanged('Your ask to join was withdrawn.');
  throw new HttpError(404, CIRCLE_FORM_MESSAGES.notMember);
};

const acceptInvite: Act = async (tx, me, circle) => {
  if (!(await deleteRequest(tx, circle.id, me, 'invite'))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.noInvitation);
  await addMember(tx, circle.id, me);
  return { status: CODE_CREATED, message: 'Invitation accepted: you joined the circle.' };
};

const rejectInvite: Act = async (tx, me, circle) => {
  if (!(await deleteRequest(tx, circle.id, me, 'invite'))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.noInvitation);
  return unchanged('Invitation declined.');
};

const circleMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = (method: 'POST' | 'PUT', toPath: (groupCode: string) => string, act: Act) =>
    app.route({
      method,
      url: `/${toPath(':groupCode')}`,
      config: { access: reader, write: 'once' },
      schema: { tags: ['circles'], params: groupCodeParams, response: { 200: result, 201: result } },
      handler: async (request, reply) => {
        const me = memberOf(request).id;
        const circle = originOf(request);
        return writeOnce(request, reply, async (tx) => {
          const { status, message, asks } = await act(tx, me, circle);
          if (asks) {
            const url = `/circle/${encodeURIComponent(circle.code)}/members`;
            await bulletin(request, tx, { kind: 'circleJoinRequest', to: circle.adminId, from: me, url, subjectCode: circle.code, subjectName: circle.name });
          }
          const card = await cardFor(tx, me, circle.id);
          const membership = card?.membership ?? (await membershipOf(tx, me, circle.id));
          return { status, body: { code: status, message, data: { groupCode: circle.code, membership, card } } };
        });
      },
    });

  register('PUT', CIRCLE_PATHS.suggestionAccept, follow);
  register('PUT', CIRCLE_PATHS.suggestionReject, later);
  register('PUT', CIRCLE_PATHS.unfollow, unfollow);
  register('PUT', CIRCLE_PATHS.inviteAccept, acceptInvite);
  register('POST', CIRCLE_PATHS.inviteReject, rejectInvite);
};

export default circleMembershipRoutes;
