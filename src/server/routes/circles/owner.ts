/**
 * A circle's people and its owner's answers (spec/calls.md "Circles", spec §2.10 "Circle
 * members page"): the members (whoever may read the circle, under its 'members' privacy),
 * and for the owner only the asks to join, the invited members, the billionetts still to
 * invite, and the writes on them. A request code is the asking member's userCode. Each
 * write runs once per Idempotency-Key and answers whom it was about and the counts now.
 * A paused circle takes no new members: accepting an ask or inviting is refused.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CIRCLE_FORM_MESSAGES,
  circleMember,
  groupFriendParams,
  groupReferenceParams,
  INVITE_PAGE_SIZE,
  invitee,
  MEMBERS_PAGE_SIZE,
  memberCodeParams,
  originRequest,
  ownerActionResult,
} from '../../../contract/circle-admin';
import { CIRCLE_PATHS, groupCodeParams } from '../../../contract/circles';
import { ACCESS_OK, CODE_CREATED, CODE_OK, STATUS_ACTIVE } from '../../../contract/codes';
import { envelope, pageQuery } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { fieldError, HttpError } from '../../http-error';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import type { Origin } from '../../policy/origins';
import { findMember } from '../../domain/members';
import { bulletin } from '../../plugins/bulletins';
import { addMember, addRequest, areFriends, deleteRequest, dismiss, removeMember, standingOf } from '../../domain/circles/membership';
import { circleCounts, listInviteCandidates, listMembers, listRequests } from '../../domain/circles/people';
import type { Listed } from '../../domain/paging';

type Other = { id: number; userCode: string };
/** `tells`: the bulletin the member acted on gets, in the same transaction. */
type Outcome = { status: number; message: string; tells?: 'circleInvite' | 'circleJoinAccept' };
type Act = (tx: Db, circle: Origin, other: Other) => Promise<Outcome>;

const path = (p: string) => `/${p}`;
const owner = { origin: 'circle', at: 'params.groupCode', role: 'owner' } as const;
const result = envelope(ownerActionResult);
const listed = <T>({ rows, total }: Listed<T>) => ({ code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: total });
const pageOf = (q: { pageNo: number; pageSize?: number }, size: number) => ({ pageNo: q.pageNo, pageSize: q.pageSize ?? size });

function active(circle: Origin): void {
  if (circle.statusCode !== STATUS_ACTIVE) throw new HttpError(403, CIRCLE_FORM_MESSAGES.paused);
}

const acceptAsk: Act = async (tx, circle, other) => {
  active(circle);
  if (!(await deleteRequest(tx, circle.id, other.id, 'join'))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.noRequest);
  await addMember(tx, circle.id, other.id);
  return { status: CODE_CREATED, message: 'Ask accepted: a new member.', tells: 'circleJoinAccept' };
};

const rejectAsk: Act = async (tx, circle, other) => {
  if (!(await deleteRequest(tx, circle.id, other.id, 'join'))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.noRequest);
  // A refused member is not suggested the circle again (they may still find it and ask).
  await dismiss(tx, circle.id, other.id);
  return { status: CODE_OK, message: 'Ask rejected.' };
};

const removeOne: Act = async (tx, circle, other) => {
  if (other.id === circle.adminId) throw fieldError('memberCode', CIRCLE_FORM_MESSAGES.ownerStays);
  if (!(await removeMember(tx, circle.id, other.id))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.notMember);
  return { status: CODE_OK, message: 'Member removed.' };
};

const invite: Act = async (tx, circle, other) => {
  if (other.id === circle.adminId || !(await areFriends(tx, circle.adminId, other.id))) throw new HttpError(403, CIRCLE_FORM_MESSAGES.notFriend);
  active(circle);
  const standing = await standingOf(tx, circle.id, other.id);
  if (standing === 'member') return { status: CODE_OK, message: CIRCLE_FORM_MESSAGES.alreadyMember };
  if (standing === 'invite') return { status: CODE_OK, message: 'Already invited.' };
  if (standing === 'join') {
    // They asked already: the invitation answers the ask.
    await addMember(tx, circle.id, other.id);
    return { status: CODE_CREATED, message: 'They had asked to join: now a member.', tells: 'circleJoinAccept' };
  }
  await addRequest(tx, circle.id, other.id, 'invite');
  return { status: CODE_CREATED, message: 'Invitation sent.', tells: 'circleInvite' };
};

const cancelInvite: Act = async (tx, circle, other) => {
  if (!(await deleteRequest(tx, circle.id, other.id, 'invite'))) throw new HttpError(404, CIRCLE_FORM_MESSAGES.noInvitation);
  return { status: CODE_OK, message: 'Invitation withdrawn.' };
};

const circleOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(CIRCLE_PATHS.members(':groupCode')), {
    config: { access: { origin: 'circle', at: 'params.groupCode', role: 'reader', reads: 'members' } },
    schema: { tags: ['circles'], params: groupCodeParams, querystring: pageQuery, response: { 200: envelope(z.array(circleMember)) } },
    handler: async (request) => {
      const circle = originOf(request);
      return listed(await listMembers(app.db, circle.id, circle.adminId, pageOf(request.query, MEMBERS_PAGE_SIZE)));
    },
  });

  const ownerList = <T extends z.ZodType>(url: string, row: T, size: number, list: (circle: Origin, page: { pageNo: number; pageSize: number }) => Promise<Listed<z.output<T>>>) =>
    app.get(path(url), {
      config: { access: owner },
      schema: { tags: ['circles'], params: groupCodeParams, querystring: pageQuery, response: { 200: envelope(z.array(row)) } },
      handler: async (request) => listed(await list(originOf(request), pageOf(request.query, size))),
    });
  ownerList(CIRCLE_PATHS.memberRequests(':groupCode'), originRequest, MEMBERS_PAGE_SIZE, (c, page) => listRequests(app.db, c.id, 'join', page));
  ownerList(CIRCLE_PATHS.invited(':groupCode'), invitee, MEMBERS_PAGE_SIZE, async (c, page) => {
    const { rows, total } = await listRequests(app.db, c.id, 'invite', page);
    return { rows: rows.map(({ requestCode: _code, ...row }) => row), total };
  });
  ownerList(CIRCLE_PATHS.inviteFriends(':groupCode'), invitee, INVITE_PAGE_SIZE, (c, page) => listInviteCandidates(app.db, c.id, c.adminId, page));

  /** An owner's write about one member, named by the route's `param`; `missing`: the refusal when no such member. */
  const register = (method: 'POST' | 'PUT', url: string, params: z.ZodObject, param: string, act: Act, missing: () => HttpError) =>
    app.route({
      method,
      url: path(url),
      config: { access: owner, write: 'once' },
      schema: { tags: ['circles'], params, response: { 200: result, 201: result } },
      handler: async (request, reply) => {
        const circle = originOf(request);
        const code = (request.params as Record<string, string>)[param]!;
        return writeOnce(request, reply, async (tx) => {
          const other = await findMember(tx, code);
          if (!other) throw missing();
          const { status, message, tells } = await act(tx, circle, other);
          if (tells) {
            // An invitation is answered in My Circles' 'Circle Invitations'; a new member opens the circle.
            const link = tells === 'circleInvite' ? '/suite/circles' : `/circle/${encodeURIComponent(circle.code)}/suite`;
            await bulletin(request, tx, { kind: tells, to: other.id, from: circle.adminId, url: link, subjectCode: circle.code, subjectName: circle.name });
          }
          const data = { code: circle.code, userCode: other.userCode, ...(await circleCounts(tx, circle.id)) };
          return { status, body: { code: status, message, data } };
        });
      },
    });
  const noRequest = () => new HttpError(404, CIRCLE_FORM_MESSAGES.noRequest);
  register('POST', CIRCLE_PATHS.requestAccept(':groupCode', ':referenceCode'), groupReferenceParams, 'referenceCode', acceptAsk, noRequest);
  register('PUT', CIRCLE_PATHS.requestReject(':groupCode', ':referenceCode'), groupReferenceParams, 'referenceCode', rejectAsk, noRequest);
  register('PUT', CIRCLE_PATHS.memberRemove(':groupCode', ':memberCode'), memberCodeParams, 'memberCode', removeOne, () => new HttpError(404, CIRCLE_FORM_MESSAGES.notMember));
  register('POST', CIRCLE_PATHS.sendInvite(':groupCode', ':friendCode'), groupFriendParams, 'friendCode', invite, () => new HttpError(403, CIRCLE_FORM_MESSAGES.notFriend));
  register('PUT', CIRCLE_PATHS.cancelInvite(':groupCode', ':friendCode'), groupFriendParams, 'friendCode', cancelInvite, () => new HttpError(404, CIRCLE_FORM_MESSAGES.noInvitation));
};

export default circleOwnerRoutes;
