import { z } from 'zod';
import { PAGE_SIZE } from './codes';
import { pageQuery } from './envelope';
import { gender } from './user';

/**
 * Circles (groups) and slates (pages) — the part entries stand on: a circle's or slate's
 * details (its suite), the lists a member picks a share target from and the side menu
 * shows, and who may read and post there. spec/calls.md "Circles" / "Slates",
 * spec/product.md §3 Circle / Slate. Creating, editing, membership requests, invitations,
 * followers pages and per-circle privacy settings (spec §2.10) are the circles-and-slates
 * area's own screens and come with it; until then circles and slates come from the seed.
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
export const CIRCLE_PATHS = {
  /** GET: one circle's details (circleDetails). */
  circle: (groupCode: string) => `user/group/${groupCode}`,
  /** GET paged: circles I own. */
  own: 'user/group/all-groups',
  /** GET paged: circles I belong to (own included, own first): the side menu and share targets. */
  active: 'user/group/active-groups',
} as const;

export const SLATE_PATHS = {
  /** GET: one slate's details (slateDetails). */
  slate: (pageCode: string) => `user/page/${pageCode}`,
  /** GET paged: slates I own (the slates I may post and share on). */
  own: 'user/page/all-pages',
  /** GET paged: slates I follow. */
  following: 'user/page/all-following-pages',
} as const;

/** Circle/slate lists: 4 a page on their screens; the share picker asks up to 100. */
export const CIRCLE_LIST_PAGE_SIZE = PAGE_SIZE.lists;

/** Where the viewer stands with a circle. */
export const circleMembership = z.enum(['owner', 'member', 'none']);
export type CircleMembership = z.infer<typeof circleMembership>;
/** Where the viewer stands with a slate. */
export const slateFollowing = z.enum(['owner', 'following', 'none']);
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
});
export type SlateCard = z.infer<typeof slateCard>;

export const groupCodeParams = z.object({ groupCode: z.string().min(1).max(40) });
export const pageCodeParams = z.object({ pageCode: z.string().min(1).max(40) });
export const circleListQuery = pageQuery;

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
