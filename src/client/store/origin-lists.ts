/**
 * The circles-and-slates lists as mirrored pages (store/pages.ts), shared by the worker's
 * pulls, the appliers and the screens:
 * - a member's lists of circles or slates (spec §2.10: own, following, requested,
 *   suggestions; invitations for circles), kind `circles.<list>` / `slates.<list>`, owner
 *   = the member whose lists they are; the cards live once in `circles` / `slates`;
 * - one circle's or slate's people (members, asks, invited, the invite list; followers
 *   and asks), kind `circle.<list>` / `slate.<list>`, owner = its code; the cards live
 *   once in `people`, with the fields of a connection card.
 * The owner's privacy settings and chart are small answers kept whole in `reports`.
 */
import type { CircleForm, CircleMember, Invitee, OriginRequest, SlateFollower, SlateForm } from '../../contract/circle-admin';
import type { PersonRow } from './db';

export type OriginKind = 'circle' | 'slate';
export type OriginListName = 'own' | 'following' | 'requested' | 'suggestions' | 'invitations';
export type OriginPeopleName = 'members' | 'requests' | 'invited' | 'inviteFriends';

/** The lists each kind has (slates have no invitations). */
export const ORIGIN_LISTS: Record<OriginKind, readonly OriginListName[]> = {
  circle: ['own', 'following', 'requested', 'suggestions', 'invitations'],
  slate: ['own', 'following', 'requested', 'suggestions'],
};
export const ORIGIN_PEOPLE: Record<OriginKind, readonly OriginPeopleName[]> = {
  circle: ['members', 'requests', 'invited', 'inviteFriends'],
  slate: ['members', 'requests'],
};

/** The pulls of these lists (sync/api.ts PullRequest). */
export type OriginListRequest = { kind: 'originList'; origin: OriginKind; list: OriginListName; userCode: string; pageNo: number };
/** One page of a global search for circles or slates (contract/search.ts), mirrored per text. */
export type OriginSearchRequest = { kind: 'originSearch'; origin: OriginKind; q: string; pageNo: number };
export type OriginPeopleRequest = { kind: 'originPeople'; origin: OriginKind; code: string; list: OriginPeopleName; pageNo: number };
export type OriginWholeRequest = { kind: 'originPrivacy' | 'originReport'; origin: OriginKind; code: string };

/** Whose picture a picture call changes when not the member's own. */
export type PictureTarget = { kind: OriginKind; code: string };

/** A create (no code) or update of one circle or slate (sync/api.ts saveOrigin). */
export type OriginSave =
  | { kind: 'circle'; code?: string; form: CircleForm; key: string }
  | { kind: 'slate'; code?: string; form: SlateForm; key: string };

export const originListKind = (kind: OriginKind, list: OriginListName) => `${kind === 'circle' ? 'circles' : 'slates'}.${list}`;
/** Search results are the searcher's, kept per text (the page's params). */
export const originSearchKind = (kind: OriginKind) => `${kind === 'circle' ? 'circles' : 'slates'}.search`;
export const originPeopleKind = (kind: OriginKind, list: OriginPeopleName) => `${kind}.${list}`;
export const originPrivacyKey = (kind: OriginKind, code: string) => `${kind}Privacy:${code}`;
export const originReportKey = (kind: OriginKind, code: string) => `${kind}Report:${code}`;

/** A member, follower, asker or invitee as a card of `people`. */
export function personOfMember(m: CircleMember): PersonRow {
  const { groupMemberCode, groupMemberName, groupMemberGender, ...rest } = m;
  return { ...rest, userCode: groupMemberCode, displayName: groupMemberName, gender: groupMemberGender };
}

export function personOfFollower(f: SlateFollower): PersonRow {
  const { pageFollowerCode, pageFollowerName, pageFollowerGender, ...rest } = f;
  return { ...rest, userCode: pageFollowerCode, displayName: pageFollowerName, gender: pageFollowerGender };
}

export function personOfRequest(r: OriginRequest | Invitee): PersonRow {
  const { userCode, displayName, gender, planName, professionName, profileDp } = r;
  return { userCode, displayName, gender, planName, professionName, profileDp };
}
