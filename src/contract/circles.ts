import { z } from 'zod';
import { PAGE_SIZE } from './codes';
import { pageQuery } from './envelope';
import { gender } from './user';

/**
 * Circles (groups) and slates (pages) — the part entries stand on: a circle's or slate's
 * details (its suite), the lists a member picks a share target from and the side menu
 * shows, and who may read and post there. spec/calls.md "Circles" / "Slates",
 * spec/product.md §3 Circle / Slate. Forms, members, requests, invitations and per-feature
 * privacy are in contract/circle-admin.ts.
 *
 * Privacy (DESIGN.md: "Circles and slates add their members/followers"), decided here:
 * - A circle's `privacyCode`: 1 Everyone — any member reads its suite and Everyone entries;
 *   2 Billionetts — its members and the admin's billionetts; 3 Only me — its members only
 *   (a private circle). Its members may post and share on it.
 * - A slate's `privacyCode`: 1 Everyone — any member reads it; 2 Billionetts — its
 *   followers and the admin's billionetts; 3 Only me — the admin alone (an unpublished
 *   slate). Only its admin posts and shares on it; members follow it to read it at home.
 * - An entry on a circle or slate with privacy 1 reaches whoever may read the circle or
 *   slate; 2 (Billionetts) narrows it to the circle's members or the slate's followers;
 *   3 (Only me) to its author. A circle's or slate's entries reach a member's home feed
 *   when they are a member (circle) or a follower (slate).
 * - A circle or slate the viewer may not read answers 404 (like a missing one), never 403,
 *   so its existence does not leak; its feed likewise.
 */
const group = (groupCode: string) => `user/group/${groupCode}`;
const page = (pageCode: string) => `user/page/${pageCode}`;

/**
 * Every circle call (spec/calls.md "Circles"). Lists are paged (pageNo, pageSize 4) and
 * take `friendCode` when a visitor looks at another member's lists (own / following).
 * Where the spec names no method or path, ours is marked "Not in spec".
 */
export const CIRCLE_PATHS = {
  /** GET: one circle's details (circleDetails); PUT: update (owner); DELETE: remove (owner). */
  circle: group,
  /** POST: create (circleForm). */
  create: 'user/group',
  /** GET paged: circles I own (or `friendCode` owns). */
  own: 'user/group/all-groups',
  /** GET paged: circles I belong to (own included, own first): the side menu and share targets. */
  active: 'user/group/active-groups',
  /** GET paged: circles I asked to join, awaiting their owner. */
  requested: 'user/group/requested-groups',
  /** GET paged: circles I (or `friendCode`) belong to without owning them: "Following Circles". */
  following: 'user/group/all-following-groups',
  /** GET paged: circles suggested to me, best first. */
  suggestions: 'user/group/suggestions',
  /** GET paged: circles whose owner invited me. Not in spec: the spec shows no panel for them. */
  invitations: 'user/group/invitations',
  /** PUT: follow a suggestion (join an open circle at once, or ask to join). */
  suggestionAccept: (groupCode: string) => `${group(groupCode)}/suggestion/accept`,
  /** PUT: 'Later' — stop suggesting it. */
  suggestionReject: (groupCode: string) => `${group(groupCode)}/suggestion/reject`,
  /** PUT: leave the circle, or withdraw my request to join. */
  unfollow: (groupCode: string) => `${group(groupCode)}/unfollow`,
  /** GET paged: its members (groupMembers). */
  members: (groupCode: string) => `${group(groupCode)}/members`,
  /** GET paged (owner): asks to join (groupMemberRequests). */
  memberRequests: (groupCode: string) => `${group(groupCode)}/member-requests`,
  /** PUT (owner): remove a member. */
  memberRemove: (groupCode: string, memberCode: string) => `${group(groupCode)}/member/${memberCode}/remove`,
  /** POST (owner): accept an ask to join; referenceCode is the asker's requestCode. */
  requestAccept: (groupCode: string, referenceCode: string) => `${group(groupCode)}/member-request/${referenceCode}/accept`,
  /** PUT (owner): reject an ask to join. */
  requestReject: (groupCode: string, referenceCode: string) => `${group(groupCode)}/member-request/${referenceCode}/reject`,
  /** GET paged (owner): members invited and not yet answered. */
  invited: (groupCode: string) => `${group(groupCode)}/invited/friends`,
  /** GET paged, 6 (owner): my billionetts not yet in the circle, invited or asking. */
  inviteFriends: (groupCode: string) => `${group(groupCode)}/invite/friends`,
  /** POST (owner; method not in spec): invite a billionett. */
  sendInvite: (groupCode: string, friendCode: string) => `${group(groupCode)}/send-invite/${friendCode}`,
  /** PUT (owner; method not in spec): withdraw an invitation. */
  cancelInvite: (groupCode: string, friendCode: string) => `${group(groupCode)}/cancel-invite/${friendCode}`,
  /** PUT (the invited member): accept the invitation, joining the circle. */
  inviteAccept: (groupCode: string) => `${group(groupCode)}/invite/accept`,
  /** POST (the invited member): decline it. */
  inviteReject: (groupCode: string) => `${group(groupCode)}/invite/reject`,
  /** GET (owner): the members chart. */
  report: (groupCode: string) => `${group(groupCode)}/members/report`,
  /** GET / PUT (owner): per-feature privacy. */
  privacy: (groupCode: string) => `user/group/privacy-setting/${groupCode}`,
  /** PUT (owner): every feature back to its default. */
  privacyReset: (groupCode: string) => `user/group/privacy-setting/${groupCode}/reset`,
} as const;

/** Every slate call (spec/calls.md "Slates"); the same shapes as a circle's. */
export const SLATE_PATHS = {
  /** GET: one slate's details (slateDetails); PUT: update (owner); DELETE: remove (owner). */
  slate: page,
  /** POST: create (slateForm). */
  create: 'user/page',
  /** GET paged: slates I own (the slates I may post and share on), or `friendCode` owns. */
  own: 'user/page/all-pages',
  /** GET paged: slates I asked to follow, awaiting their admin. */
  requested: 'user/page/requested-pages',
  /** GET paged: slates I (or `friendCode`) follow. */
  following: 'user/page/all-following-pages',
  /** GET paged: slates suggested to me, best first. */
  suggestions: 'user/page/suggestions',
  /** PUT: follow (at once, or ask when the slate's 'requests' privacy says so). */
  follow: (pageCode: string) => `${page(pageCode)}/suggestion/accept`,
  /** POST: 'Later'. */
  later: (pageCode: string) => `${page(pageCode)}/suggestion/reject`,
  /** PUT: stop following, or withdraw my ask to follow. */
  unfollow: (pageCode: string) => `${page(pageCode)}/unfollow`,
  /** GET paged: its followers (pageMembers). */
  followers: (pageCode: string) => `${page(pageCode)}/followers`,
  /** GET paged (admin): asks to follow (slateMemberRequests). */
  followerRequests: (pageCode: string) => `${page(pageCode)}/follower-requests`,
  /** POST (admin): remove a follower. */
  followerRemove: (pageCode: string, followerCode: string) => `${page(pageCode)}/follower/${followerCode}/remove`,
  /** POST (admin; not in spec: "server call not shown"): accept an ask to follow. */
  requestAccept: (pageCode: string, referenceCode: string) => `${page(pageCode)}/follower-request/${referenceCode}/accept`,
  /** PUT (admin; not in spec): reject an ask to follow. */
  requestReject: (pageCode: string, referenceCode: string) => `${page(pageCode)}/follower-request/${referenceCode}/reject`,
  /** GET (admin): the followers chart. */
  report: (pageCode: string) => `${page(pageCode)}/followers/report`,
  /** GET / PUT (admin): per-feature privacy. */
  privacy: (pageCode: string) => `user/page/privacy-setting/${pageCode}`,
  /** PUT (admin): reset. */
  privacyReset: (pageCode: string) => `user/page/resetPagePrivacies/${pageCode}`,
} as const;

/** Circle/slate lists: 4 a page on their screens; the share picker asks up to 100. */
export const CIRCLE_LIST_PAGE_SIZE = PAGE_SIZE.lists;

/** Where the viewer stands with a circle. */
export const circleMembership = z.enum(['owner', 'member', 'requested', 'invited', 'none']);
export type CircleMembership = z.infer<typeof circleMembership>;
/** Where the viewer stands with a slate. */
export const slateFollowing = z.enum(['owner', 'following', 'requested', 'none']);
export type SlateFollowing = z.infer<typeof slateFollowing>;

/** spec §3 Circle (the details fields). groupProfilePic / groupAdminProfilePic: imageName or null. */
export const circleDetails = z.object({
  groupCode: z.string(),
  groupName: z.string(),
  groupCaption: z.string(),
  groupDescription: z.string(),
  /** Profession code the circle is for. */
  groupType: z.string(),
  groupCategoryCode: z.string(),
  groupCategoryName: z.string(),
  privacyCode: z.number().int(),
  groupPrivacyCode: z.number().int(),
  groupAdminCode: z.string(),
  groupAdminName: z.string(),
  groupProfilePic: z.string().nullable(),
  groupAdminGender: gender,
  groupAdminPlanName: z.string(),
  groupAdminProfessionName: z.string(),
  groupAdminProfilePic: z.string().nullable(),
  statusCode: z.number().int(),
  memberCount: z.number().int(),
  membership: circleMembership,
  /** The viewer may post and share on this circle (a member, the owner included). */
  canPost: z.boolean(),
});
export type CircleDetails = z.infer<typeof circleDetails>;

/** spec §3 Slate (the details fields). */
export const slateDetails = z.object({
  pageCode: z.string(),
  pageName: z.string(),
  pageCaption: z.string(),
  pageDescription: z.string(),
  pageType: z.string(),
  pageCategoryCode: z.string(),
  pageCategoryName: z.string(),
  privacyCode: z.number().int(),
  pagePrivacyCode: z.number().int(),
  pageAdminCode: z.string(),
  pageAdminName: z.string(),
  pageProfilePic: z.string().nullable(),
  pageAdminGender: gender,
  pageAdminPlanName: z.string(),
  pageAdminProfessionName: z.string(),
  pageAdminProfilePic: z.string().nullable(),
  statusCode: z.number().int(),
  followerCount: z.number().int(),
  followingStatus: slateFollowing,
  /** Whether the slate's admin is the viewer's billionett ('Yes' / 'No'). */
  friendStatus: z.enum(['Yes', 'No']),
  /** The viewer may post and share on this slate (its admin only). */
  canPost: z.boolean(),
});
export type SlateDetails = z.infer<typeof slateDetails>;

/** A row of the circle lists (groupProfiles). */
export const circleCard = circleDetails.pick({
  groupCode: true,
  groupName: true,
  groupCaption: true,
  groupCategoryName: true,
  groupProfilePic: true,
  groupAdminCode: true,
  statusCode: true,
  memberCount: true,
  membership: true,
});
export type CircleCard = z.infer<typeof circleCard>;

/** A row of the slate lists (pageProfiles). */
export const slateCard = slateDetails.pick({
  pageCode: true,
  pageName: true,
  pageCaption: true,
  pageCategoryName: true,
  pageProfilePic: true,
  pageAdminCode: true,
  statusCode: true,
  followerCount: true,
  followingStatus: true,
});
export type SlateCard = z.infer<typeof slateCard>;

export const groupCodeParams = z.object({ groupCode: z.string().min(1).max(40) });
export const pageCodeParams = z.object({ pageCode: z.string().min(1).max(40) });
/** A list's page; `friendCode`: whose lists (own / following) a visitor reads, under that member's 'circles' / 'slates' privacy. */
export const circleListQuery = pageQuery.extend({ friendCode: z.string().min(1).max(40).optional() });

export const CIRCLE_MESSAGES = {
  // Not in spec: the spec gives no words for these.
  circleNotFound: 'This circle does not exist or is not visible to you.',
  slateNotFound: 'This slate does not exist or is not visible to you.',
  notCircleMember: 'Only members of this circle can post on it.',
  notSlateAdmin: 'Only the admin of this slate can post on it.',
  notActive: 'This circle or slate is not active; it takes no new entries.',
  /** A circle or slate target (postType group / page) without its code in profileCode. */
  targetRequired: 'Choose the circle or slate to post on.',
} as const;
