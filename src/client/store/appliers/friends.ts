/**
 * The billionetts' queued writes (spec/product.md §4 "Friend flow"): accept or reject a
 * received request, request or dismiss ('Later') a suggestion, remove a sent request,
 * unfriend. One outbox target per member (`friends:<me>`), so they replay in order.
 *
 * Local (optimistic) effects, re-drawn after every pull of the lists (rebase):
 * - accepting moves the card from Billionett Requests to the top of My Billionetts;
 * - requesting a suggestion moves it from Suggested Billionetts to Requested by me;
 * - reject, Later, remove and unfriend leave the card where it is: the screen marks
 *   it 'pending' (or failed, with the server's words) from the outbox itself, and it
 *   goes when the server has the write. A card that vanished offline could not show
 *   that its removal is still unsent, nor that the server refused it.
 *
 * The answer (contract friendActionResult) says where the member now stands with the
 * other; the card is put in exactly that list and taken out of the others.
 */
import { friendActionResult, type FriendRelation } from '../../../contract/friends';
import type { MutationPayload } from '../../../contract/mutations';
import type { MemberDb } from '../db';
import { mergePeople, type FriendListKind } from '../friend-pages';
import { addCodeFirst, removeCode } from '../pages';
import type { AnswerApplier, Appliers } from './applier';
import type { FriendWriteKind } from './friend-kinds';

type FriendPayload = MutationPayload<FriendWriteKind>;

/** Where a card belongs for each relation; the other relation lists lose it. */
const HOME: Record<FriendRelation, FriendListKind | null> = {
  friend: 'friends',
  requestSent: 'requestFriends',
  requestReceived: 'friendRequests',
  none: null,
};
const RELATION_LISTS: FriendListKind[] = ['friends', 'requestFriends', 'friendRequests'];

async function move(db: MemberDb, p: FriendPayload, from: FriendListKind, to: FriendListKind): Promise<void> {
  await removeCode(db, from, p.userCode, p.friendCode);
  await addCodeFirst(db, to, p.userCode, p.friendCode);
}

/** The relation a write leads to when the server's answer is not readable (it did apply it). */
const EXPECTED: Record<FriendWriteKind, FriendRelation> = {
  'friendRequest.accept': 'friend',
  'friendRequest.reject': 'none',
  'friendSuggestion.request': 'requestSent',
  'friendSuggestion.dismiss': 'none',
  'sentRequest.remove': 'none',
  'friend.unfriend': 'none',
};

async function settle(db: MemberDb, kind: FriendWriteKind, p: FriendPayload, data: unknown): Promise<void> {
  const answer = friendActionResult.safeParse(data);
  const relation = answer.success ? answer.data.relation : EXPECTED[kind];
  if (answer.success) await mergePeople(db, [answer.data.card]);
  const home = HOME[relation];
  for (const list of RELATION_LISTS) {
    if (list !== home) await removeCode(db, list, p.userCode, p.friendCode);
  }
  // Friend search pages are the member's billionetts matching a text: a former friend leaves them.
  if (relation !== 'friend') await removeCode(db, 'friendSearch', p.userCode, p.friendCode);
  // Any answered write about a suggested member settles it: requested, dismissed or connected.
  await removeCode(db, 'friendSuggestions', p.userCode, p.friendCode);
  if (home) await addCodeFirst(db, home, p.userCode, p.friendCode);
}

/** Every friend write settles alike from its answer. */
const settled = <K extends FriendWriteKind>(kind: K): AnswerApplier<K> => (db, p, data) => settle(db, kind, p, data);

export const friendAppliers = {
  'friendRequest.accept': {
    local: (db, p) => move(db, p, 'friendRequests', 'friends'),
    answer: settled('friendRequest.accept'),
  },
  'friendRequest.reject': { answer: settled('friendRequest.reject') },
  'friendSuggestion.request': {
    local: (db, p) => move(db, p, 'friendSuggestions', 'requestFriends'),
    answer: settled('friendSuggestion.request'),
  },
  'friendSuggestion.dismiss': { answer: settled('friendSuggestion.dismiss') },
  'sentRequest.remove': { answer: settled('sentRequest.remove') },
  'friend.unfriend': { answer: settled('friend.unfriend') },
} satisfies Pick<Appliers, FriendWriteKind>;
