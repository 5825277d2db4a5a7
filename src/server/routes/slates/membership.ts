/**
 * A member's side of a slate (spec/calls.md "Slates"; contract/circle-admin.ts decisions):
 * Follow (at once, or ask its admin, by the slate's 'requests' privacy), Later, and
 * unfollow or withdraw an ask. Each runs once per Idempotency-Key and answers where the
 * caller now stands and the slate's card as they now see it (null once they may not read
 * it). Who may reach the slate at all is the route's `origin` rule.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CIRCLE_FORM_MESSAGES, slateActionResult } from '../../../contract/circle-admin';
import { pageCodeParams, SLATE_PATHS } from '../../../contract/circles';
import { CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { fieldError, HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { originOf } from '../../plugins/policy';
import { joinWay, type Origin } from '../../policy/origins';
import { followingStatusOf, slateCardFor } from '../../domain/slates/lists';
import { addAsk, addFollower, deleteAsk, dismissSlate, followingOf, removeFollower } from '../../domain/slates/membership';
import { bulletin } from '../../plugins/bulletins';

/** `tells`: the bulletin the slate's owner gets (a new follower, or an ask to follow). */
type Outcome = { status: number; message: string; tells?: 'slateFollow' | 'slateFollowAsk' };
type Act = (tx: Db, me: number, slate: Origin) => Promise<Outcome>;

const result = envelope(slateActionResult);
const reader = { origin: 'slate', at: 'params.pageCode', role: 'reader' } as const;
const unchanged = (message: string): Outcome => ({ status: CODE_OK, message });
// Not in spec: the words for an admin following their own slate.
const OWN_SLATE = 'You are the admin of this slate.';

const follow: Act = async (tx, me, slate) => {
  if (slate.owner) throw fieldError('pageCode', OWN_SLATE);
  const standing = await followingOf(tx, slate.id, me);
  if (standing === 'following') return unchanged('Already following.');
  if (standing === 'requested') return unchanged('Already asked to follow.');
  if (joinWay(slate) === 'join') {
    await addFollower(tx, slate.id, me);
    return { status: CODE_CREATED, message: 'You follow the slate.', tells: 'slateFollow' };
  }
  await addAsk(tx, slate.id, me);
  return { status: CODE_CREATED, message: 'Asked to follow the slate.', tells: 'slateFollowAsk' };
};

const later: Act = async (tx, me, slate) => {
  await dismissSlate(tx, slate.id, me);
  return unchanged('The slate will not be suggested again.');
};

const unfollow: Act = async (tx, me, slate) => {
  if (slate.owner) throw fieldError('pageCode', OWN_SLATE);
  if (await removeFollower(tx, slate.id, me)) return unchanged('You no longer follow the slate.');
  if (await deleteAsk(tx, slate.id, me)) return unchanged('Your ask to follow was withdrawn.');
  throw new HttpError(404, CIRCLE_FORM_MESSAGES.notFollower);
};

const slateMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = (method: 'POST' | 'PUT', toPath: (pageCode: string) => string, act: Act) =>
    app.route({
      method,
      url: `/${toPath(':pageCode')}`,
      config: { access: reader, write: 'once' },
      schema: { tags: ['slates'], params: pageCodeParams, response: { 200: result, 201: result } },
      handler: async (request, reply) => {
        const me = memberOf(request).id;
        const slate = originOf(request);
        return writeOnce(request, reply, async (tx) => {
          const { status, message, tells } = await act(tx, me, slate);
          if (tells) {
            const url = `/slate/${encodeURIComponent(slate.code)}/followers`;
            await bulletin(request, tx, { kind: tells, to: slate.adminId, from: me, url, subjectCode: slate.code, subjectName: slate.name });
          }
          const card = await slateCardFor(tx, me, slate.id);
          const followingStatus = card?.followingStatus ?? (await followingStatusOf(tx, me, slate.id));
          return { status, body: { code: status, message, data: { pageCode: slate.code, followingStatus, card } } };
        });
      },
    });

  register('PUT', SLATE_PATHS.follow, follow);
  register('POST', SLATE_PATHS.later, later);
  register('PUT', SLATE_PATHS.unfollow, unfollow);
};

export default slateMembershipRoutes;
