import { z } from 'zod';
import { PAGE_SIZE, PRIVACY, STATUS_ACTIVE } from './codes';
import { circleCard, circleMembership, slateCard, slateFollowing } from './circles';
import { gender } from './user';

/**
 * Making and running circles and slates (spec/product.md §2.10, §4, §5 "Circle form" /
 * "Slate form"; spec/calls.md "Circles" / "Slates"): the create/update form, the status a
 * circle or slate can be in, its per-feature privacy, its members (followers), the asks to
 * join (follow), the invitations, the owner's chart, and what every membership write answers.
 *
 * Decided here (docs/decisions/0044-circle-and-slate-membership-and-status.md):
 * - statusCode 9 is active. Its owner may pause it (STATUS_PAUSED): it then keeps its
 *   members and entries but is dimmed and unlinked in every list, opens for nobody but
 *   its owner, and takes no new entries or members until the owner sets it active again.
 * - Category: every circle or slate type (a profession) belongs to one category
 *   (CATEGORIES); the server sets groupCategoryCode/Name from the type, so they cannot
 *   disagree. A category code sent in the form is ignored.
 * - Joining (circles): 'Follow' on a circle joins it at once when its 'requests' privacy
 *   lets the member in (1 Everyone; 2 the owner's billionetts), and otherwise asks its
 *   owner (the ask shows under Requested Circles until answered). An invitation, once
 *   accepted, joins whatever that privacy says. Following a slate works alike.
 * - A request code (referenceCode, requestCode) is the asking member's userCode: one
 *   member has at most one open ask or invitation per circle or slate.
 */

/** Not in spec: the status of a circle or slate its owner paused. */
export const STATUS_PAUSED = 5;
export const circleStatus = z.union([z.literal(STATUS_ACTIVE), z.literal(STATUS_PAUSED)]);

export const CATEGORIES = [
  { code: 'C01', name: 'Design & Architecture', professions: ['P01', 'P05', 'P06', 'P35', 'P36'] },
  { code: 'C02', name: 'Technology', professions: ['P02', 'P03', 'P04'] },
  { code: 'C03', name: 'Finance', professions: ['P07', 'P08', 'P09', 'P12'] },
  { code: 'C04', name: 'Business & Management', professions: ['P10', 'P11', 'P31', 'P32', 'P33', 'P34'] },
  { code: 'C05', name: 'Law & Public Service', professions: ['P13', 'P38'] },
  { code: 'C06', name: 'Health & Care', professions: ['P14', 'P15', 'P16', 'P17', 'P18', 'P19'] },
  { code: 'C07', name: 'Engineering', professions: ['P20', 'P21', 'P22'] },
  { code: 'C08', name: 'Education & Science', professions: ['P23', 'P24', 'P39'] },
  { code: 'C09', name: 'Media & Arts', professions: ['P25', 'P26', 'P27', 'P28', 'P40'] },
  { code: 'C10', name: 'Hospitality & Travel', professions: ['P29', 'P30', 'P37'] },
] as const;

/** The category a circle or slate type (profession code) belongs to. */
export const categoryOf = (professionCode: string): { code: string; name: string } => {
  const found = CATEGORIES.find((c) => (c.professions as readonly string[]).includes(professionCode));
  return found ? { code: found.code, name: found.name } : { code: 'C00', name: 'General' };
};

export const CIRCLE_FORM_MESSAGES = {
  circleName: 'Circle name is required',
  slateName: 'Slate name is required',
  caption: 'Caption is required',
  circleType: 'Please Choose Circle Type.',
  slateType: 'Please Choose Slate Type.',
  privacy: 'Please select privacy',
  // Not in spec: the spec gives no words for these.
  tooLong: (max: number) => `At most ${max} characters.`,
  ownerStays: 'The owner cannot leave their own circle; remove it instead.',
  ownerOnly: 'Only the owner of this circle or slate can do this.',
  paused: 'This circle or slate is paused by its owner.',
  closed: 'This circle or slate takes no asks to join.',
  noRequest: 'There is no such request.',
  noInvitation: 'There is no such invitation.',
  notMember: 'This member is not in the circle.',
  notFollower: 'This member does not follow the slate.',
  notFriend: 'Only your billionetts can be invited.',
  alreadyMember: 'Already a member.',
} as const;

/** Not in spec: the words when a member's plan lacks owning circles ('group') or slates ('page'); its side menu hides the section too. */
export const PLAN_MESSAGES = {
  group: 'Your plan does not include circles. Change Plan to create one.',
  page: 'Your plan does not include slates. Change Plan to create one.',
} as const;

export const NAME_MAX = 80;
export const CAPTION_MAX = 120;
export const DESCRIPTION_MAX = 2000;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, CIRCLE_FORM_MESSAGES.tooLong(max));
const privacyCode = z
  .number({ error: CIRCLE_FORM_MESSAGES.privacy })
  .int(CIRCLE_FORM_MESSAGES.privacy)
  .min(PRIVACY.everyone, CIRCLE_FORM_MESSAGES.privacy)
  .max(PRIVACY.onlyMe, CIRCLE_FORM_MESSAGES.privacy);
const description = z.string().max(DESCRIPTION_MAX, CIRCLE_FORM_MESSAGES.tooLong(DESCRIPTION_MAX)).default('');

/** Body of POST user/group and PUT user/group/{groupCode} (spec §3 Circle fields). */
export const circleForm = z.object({
  groupName: required(CIRCLE_FORM_MESSAGES.circleName, NAME_MAX),
  groupCaption: required(CIRCLE_FORM_MESSAGES.caption, CAPTION_MAX),
  groupDescription: description,
  groupType: required(CIRCLE_FORM_MESSAGES.circleType, 40),
  /** Ignored: the category follows the type (categoryOf). */
  groupCategoryCode: z.string().max(40).optional(),
  privacyCode,
  /** Absent on create (active); the owner pauses and resumes with it. */
  statusCode: circleStatus.optional(),
});
export type CircleForm = z.infer<typeof circleForm>;

/** Body of POST user/page and PUT user/page/{pageCode}. */
export const slateForm = z.object({
  pageName: required(CIRCLE_FORM_MESSAGES.slateName, NAME_MAX),
  pageCaption: required(CIRCLE_FORM_MESSAGES.caption, CAPTION_MAX),
  pageDescription: description,
  pageType: required(CIRCLE_FORM_MESSAGES.slateType, 40),
  pageCategoryCode: z.string().max(40).optional(),
  privacyCode,
  statusCode: circleStatus.optional(),
});
export type SlateForm = z.infer<typeof slateForm>;

/**
 * The features an owner sets a privacy for (spec §2.10 "privacy settings per feature").
 * Each takes 1 Everyone (whoever may read the circle or slate), 2 Billionetts (its members
 * or followers and the owner's billionetts), 3 Only me (its members or followers only; for
 * `requests`: nobody may ask — invitation only). Defaults are all 1.
 */
export const ORIGIN_FEATURES = ['entries', 'members', 'requests'] as const;
export const originFeature = z.enum(ORIGIN_FEATURES);
export type OriginFeature = z.infer<typeof originFeature>;
export const ORIGIN_FEATURE_NAMES: Record<'circle' | 'slate', Record<OriginFeature, string>> = {
  circle: { entries: 'Entries', members: 'Members', requests: 'Join requests' },
  slate: { entries: 'Entries', members: 'Followers', requests: 'Follow requests' },
};

export const originPrivacySetting = z.object({
  featureCode: originFeature,
  featureName: z.string(),
  privacyCode: z.number().int(),
  privacyName: z.string(),
});
export type OriginPrivacySetting = z.infer<typeof originPrivacySetting>;
/** GET …/privacy-setting/{code} and the answer of PUT and reset: every feature, in ORIGIN_FEATURES order. */
export const originPrivacySettings = z.array(originPrivacySetting);
export const originPrivacyUpdate = z.object({
  featureCode: originFeature,
  privacyCode,
  privacyName: z.string().max(40).optional(),
});
export type OriginPrivacyUpdate = z.infer<typeof originPrivacyUpdate>;

/** A member of a circle (groupMembers) or a follower of a slate (pageMembers), spec §3. */
export const circleMember = z.object({
  groupMemberCode: z.string(),
  groupMemberName: z.string(),
  groupMemberGender: gender,
  planName: z.string(),
  professionName: z.string(),
  profileDp: z.string().nullable(),
  /** The circle's owner (never removable). */
  isOwner: z.boolean(),
});
export type CircleMember = z.infer<typeof circleMember>;

export const slateFollower = z.object({
  pageFollowerCode: z.string(),
  pageFollowerName: z.string(),
  pageFollowerGender: gender,
  planName: z.string(),
  professionName: z.string(),
  profileDp: z.string().nullable(),
});
export type SlateFollower = z.infer<typeof slateFollower>;

/** An ask to join or follow (groupMemberRequests, slateMemberRequests), or an invitation (groupInviteFriends rows are `invitee`). */
export const originRequest = z.object({
  /** The asking member's userCode (the referenceCode of accept / reject). */
  requestCode: z.string(),
  userCode: z.string(),
  displayName: z.string(),
  gender,
  planName: z.string(),
  professionName: z.string(),
  profileDp: z.string().nullable(),
});
export type OriginRequest = z.infer<typeof originRequest>;

/** A row of the invite list and of the invited members (spec §3 "Invited member"). */
export const invitee = originRequest.omit({ requestCode: true });
export type Invitee = z.infer<typeof invitee>;

/** The owner's chart: members (followers) by profession, and the open asks and invitations. */
export const originReport = z.object({
  byProfession: z.array(z.object({ name: z.string(), count: z.number().int() })),
  total: z.number().int(),
  requests: z.number().int(),
  invited: z.number().int(),
});
export type OriginReport = z.infer<typeof originReport>;

/** What every circle membership write answers: the circle's card as the caller now sees it (null once they may not read it). */
export const circleActionResult = z.object({ groupCode: z.string(), membership: circleMembership, card: circleCard.nullable() });
export type CircleActionResult = z.infer<typeof circleActionResult>;
export const slateActionResult = z.object({ pageCode: z.string(), followingStatus: slateFollowing, card: slateCard.nullable() });
export type SlateActionResult = z.infer<typeof slateActionResult>;
/** What an owner's write about one member answers: whom it was about, and the counts now. */
export const ownerActionResult = z.object({ code: z.string(), userCode: z.string(), count: z.number().int(), requests: z.number().int(), invited: z.number().int() });
export type OwnerActionResult = z.infer<typeof ownerActionResult>;

export const memberCodeParams = z.object({ groupCode: z.string().min(1).max(40), memberCode: z.string().min(1).max(40) });
export const groupReferenceParams = z.object({ groupCode: z.string().min(1).max(40), referenceCode: z.string().min(1).max(40) });
export const groupFriendParams = z.object({ groupCode: z.string().min(1).max(40), friendCode: z.string().min(1).max(40) });
export const followerCodeParams = z.object({ pageCode: z.string().min(1).max(40), followerCode: z.string().min(1).max(40) });
export const pageReferenceParams = z.object({ pageCode: z.string().min(1).max(40), referenceCode: z.string().min(1).max(40) });

/** Page sizes: members, requests, invited and the lists 4; the invite list 6 (spec §9). */
export const MEMBERS_PAGE_SIZE = PAGE_SIZE.lists;
export const INVITE_PAGE_SIZE = PAGE_SIZE.inviteList;
