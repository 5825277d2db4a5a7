/**
 * The circles' and slates' queued writes (contract/circle-mutations.ts).
 *
 * A member's own writes (follow, Later, leave, invitation answers) settle from the
 * answer: it says where the member now stands (contract circleActionResult /
 * slateActionResult), so the card goes into exactly that list of theirs and out of the
 * others. Locally, before the answer: a followed suggestion or an accepted invitation
 * moves to Following at once; Later and leave leave the card where it is, marked
 * 'pending' by the screen from the outbox (a card that vanished offline could not show
 * that its change is unsent, nor that the server refused it).
 *
 * An owner's writes about one member (accept or reject an ask, remove, invite, cancel an
 * invitation) move that member's card between the circle's people lists the same way;
 * the answer's counts (contract ownerActionResult) go onto the circle's or slate's row.
 */
import { circleActionResult, ownerActionResult, slateActionResult } from '../../../contract/circle-admin';
import type { MutationKind, MutationPayload } from '../../../contract/mutations';
import type { MemberDb } from '../db';
import { ORIGIN_LISTS, ORIGIN_PEOPLE, originListKind, originPeopleKind, type OriginKind, type OriginListName, type OriginPeopleName } from '../origin-lists';
import { addCodeFirst, removeCode } from '../pages';
import type { Appliers } from './applier';

export const CIRCLE_WRITE_KINDS = [
  'circle.follow',
  'circle.later',
  'circle.unfollow',
  'circle.inviteAccept',
  'circle.inviteReject',
  'slate.follow',
  'slate.later',
  'slate.unfollow',
] as const satisfies readonly MutationKind[];
export type CircleWriteKind = (typeof CIRCLE_WRITE_KINDS)[number];

export const OWNER_WRITE_KINDS = [
  'circle.requestAccept',
  'circle.requestReject',
  'circle.memberRemove',
  'circle.sendInvite',
  'circle.cancelInvite',
  'slate.requestAccept',
  'slate.requestReject',
  'slate.followerRemove',
] as const satisfies readonly MutationKind[];
export type OwnerWriteKind = (typeof OWNER_WRITE_KINDS)[number];

type Standing = 'owner' | 'member' | 'following' | 'requested' | 'invited' | 'none';

/** Which of a member's lists a standing belongs to. */
const HOME: Record<Standing, OriginListName | null> = {
  owner: 'own',
  member: 'following',
  following: 'following',
  requested: 'requested',
  invited: 'invitations',
  none: null,
};

/** Puts `code` in `home` of the member's lists and takes it out of every other (suggestions included). */
async function placeMine(db: MemberDb, origin: OriginKind, me: string, code: string, home: OriginListName | null): Promise<void> {
  for (const list of ORIGIN_LISTS[origin]) {
    if (list !== home) await removeCode(db, originListKind(origin, list), me, code);
  }
  if (home) await addCodeFirst(db, originListKind(origin, home), me, code);
}

/** Same for one member among a circle's or slate's people lists. */
async function placePerson(db: MemberDb, origin: OriginKind, code: string, person: string, home: OriginPeopleName | null): Promise<void> {
  for (const list of ORIGIN_PEOPLE[origin]) {
    if (list !== home) await removeCode(db, originPeopleKind(origin, list), code, person);
  }
  if (home) await addCodeFirst(db, originPeopleKind(origin, home), code, person);
}

type CirclePayload = MutationPayload<'circle.follow'>;
type SlatePayload = MutationPayload<'slate.follow'>;

const settleCircle =
  (expected: Standing) =>
  async (db: MemberDb, p: CirclePayload, data: unknown): Promise<void> => {
    const answer = circleActionResult.safeParse(data);
    if (answer.success && answer.data.card) await db.circles.put({ ...(await db.circles.get(p.groupCode)), ...answer.data.card });
    if (answer.success && !answer.data.card) await db.circles.update(p.groupCode, { membership: answer.data.membership });
    await placeMine(db, 'circle', p.userCode, p.groupCode, HOME[answer.success ? answer.data.membership : expected]);
  };

const settleSlate =
  (expected: Standing) =>
  async (db: MemberDb, p: SlatePayload, data: unknown): Promise<void> => {
    const answer = slateActionResult.safeParse(data);
    if (answer.success && answer.data.card) await db.slates.put({ ...(await db.slates.get(p.pageCode)), ...answer.data.card });
    if (answer.success && !answer.data.card) await db.slates.update(p.pageCode, { followingStatus: answer.data.followingStatus });
    await placeMine(db, 'slate', p.userCode, p.pageCode, HOME[answer.success ? answer.data.followingStatus : expected]);
  };

const toFollowing = {
  circle: (db: MemberDb, p: CirclePayload) => placeMine(db, 'circle', p.userCode, p.groupCode, 'following'),
  slate: (db: MemberDb, p: SlatePayload) => placeMine(db, 'slate', p.userCode, p.pageCode, 'following'),
};

type OwnerPayload = { userCode: string; memberCode: string } & ({ groupCode: string } | { pageCode: string });

/** An owner's write: the member's card to `home` among the people lists, the counts onto the row. */
const settleOwner =
  (origin: OriginKind, home: OriginPeopleName | null) =>
  async (db: MemberDb, p: OwnerPayload, data: unknown): Promise<void> => {
    const code = 'groupCode' in p ? p.groupCode : p.pageCode;
    const answer = ownerActionResult.safeParse(data);
    if (answer.success) {
      if (origin === 'circle') await db.circles.update(code, { memberCount: answer.data.count });
      else await db.slates.update(code, { followerCount: answer.data.count });
    }
    await placePerson(db, origin, code, p.memberCode, home);
  };

const owner = (origin: OriginKind, home: OriginPeopleName | null, local?: OriginPeopleName) => ({
  ...(local ? { local: (db: MemberDb, p: OwnerPayload) => placePerson(db, origin, 'groupCode' in p ? p.groupCode : p.pageCode, p.memberCode, local) } : {}),
  answer: settleOwner(origin, home),
});

export const circleAppliers = {
  'circle.follow': { local: toFollowing.circle, answer: settleCircle('member') },
  'circle.later': { answer: settleCircle('none') },
  'circle.unfollow': { answer: settleCircle('none') },
  'circle.inviteAccept': { local: toFollowing.circle, answer: settleCircle('member') },
  'circle.inviteReject': { answer: settleCircle('none') },
  'slate.follow': { local: toFollowing.slate, answer: settleSlate('following') },
  'slate.later': { answer: settleSlate('none') },
  'slate.unfollow': { answer: settleSlate('none') },
  'circle.requestAccept': owner('circle', 'members', 'members'),
  'circle.requestReject': owner('circle', null),
  'circle.memberRemove': owner('circle', null),
  'circle.sendInvite': owner('circle', 'invited', 'invited'),
  'circle.cancelInvite': owner('circle', null),
  'slate.requestAccept': owner('slate', 'members', 'members'),
  'slate.requestReject': owner('slate', null),
  'slate.followerRemove': owner('slate', null),
} satisfies Pick<Appliers, CircleWriteKind | OwnerWriteKind>;
