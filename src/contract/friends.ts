import { z } from 'zod';
import { PAGE_SIZE } from './codes';
import { pageQuery } from './envelope';
import { MESSAGES, isEmail, isMobile } from './rules';
import { gender } from './user';

/**
 * Calls of spec/calls.md "Friends" (billionetts). Every list answers the envelope with
 * `data` (rows), `totalRecords` and `accessCode` (106 when the owner's 'billionetts'
 * privacy hides a visitor's read; then no data). Page size 10 (PAGE_SIZE.friends).
 */
export const FRIEND_PATHS = {
  /** Query: userCode (a visitor reads another member's list, read-only), pageNo, pageSize. */
  friends: 'user/friends',
  /** keyWord must be more than 1 character; searches the owner's billionetts (userCode as above). */
  search: (keyWord: string) => `user/friends/search/${encodeURIComponent(keyWord)}`,
  suggestions: 'user/friend-suggestions',
  /** Received requests. */
  requests: 'user/friend-requests',
  /** Sent requests ("Requested by me"). */
  requested: 'user/request-friends',
  references: 'user/references',
  /** Query: userCode (visitor, same privacy as the list). */
  report: 'user/friends/report',
  /** PUT: unfriend. */
  unfriend: (friendCode: string) => `user/friend/${friendCode}/unfollow`,
  /** PUT (POST accepted too): send a billionett request to a suggested member. */
  suggestionAccept: (friendCode: string) => `user/friend-suggestion/${friendCode}/accept`,
  /** PUT (POST accepted too): "Later" — never suggest this member again. */
  suggestionReject: (friendCode: string) => `user/friend-suggestion/${friendCode}/reject`,
  /** POST: accept a received request (friendCode = the sender). */
  requestAccept: (friendCode: string) => `user/friend-request/${friendCode}/accept`,
  /** POST: reject a received request. */
  requestReject: (friendCode: string) => `user/friend-request/${friendCode}/reject`,
  /** DELETE: withdraw a request I sent (friendCode = the receiver). */
  removeRequested: (friendCode: string) => `user/request-friends/${friendCode}`,
  /** POST body: referenceRequest. */
  referenceSend: 'user/reference/send',
  /** PUT: "Request again" — increments the row's `notified`. */
  referenceNotify: (referenceCode: string) => `user/reference/${referenceCode}/notify`,
  /** DELETE: remove a reference. */
  referenceDelete: (referenceCode: string) => `user/reference/${referenceCode}`,
} as const;

export const FRIENDS_PAGE_SIZE = PAGE_SIZE.friends;
/** spec §5 Search: friend search fires only for more than 1 character. */
export const FRIEND_SEARCH_MIN = 2;

/** Connection card (spec/product.md §3): every friend list row. */
export const connectionCard = z.object({
  userCode: z.string(),
  displayName: z.string(),
  planName: z.string(),
  professionName: z.string(),
  /** imageName of the cropped picture, or null for the default avatar by gender. */
  profileDp: z.string().nullable(),
  gender,
  /** Billionetts in common with the viewer; suggestions only (why this member is suggested). */
  mutualFriends: z.number().int().optional(),
});
export type ConnectionCard = z.infer<typeof connectionCard>;

export const friendListQuery = pageQuery.extend({ userCode: z.string().min(1).max(40).optional() });
export type FriendListQuery = z.infer<typeof friendListQuery>;
export const friendSearchParams = z.object({
  keyWord: z.string().trim().min(FRIEND_SEARCH_MIN, MESSAGES.searchTooShort).max(100),
});
export const friendCodeParams = z.object({ friendCode: z.string().min(1).max(40) });
export const referenceCodeParams = z.object({ referenceCode: z.string().min(1).max(40) });

const yesNo = z.enum(['Yes', 'No']);

/**
 * A reference candidate (spec §3). requestAgain is 'No' once the candidate has joined:
 * refCandidateProfile then holds their card and the screen shows a normal member card;
 * otherwise a placeholder with the notified badge, Request again and Remove.
 */
export const referenceRow = z.object({
  refCode: z.string(),
  refName: z.string(),
  professionCode: z.string(),
  professionName: z.string(),
  notified: z.number().int(),
  requestAgain: yesNo,
  refCandidateProfile: connectionCard.nullable(),
});
export type ReferenceRow = z.infer<typeof referenceRow>;

/** POST user/reference/send. `email` holds the e-mail or the mobile entered. */
export const referenceRequest = z.object({
  name: z.string().trim().min(1, MESSAGES.referrerNameRequired).max(100),
  email: z
    .string()
    .trim()
    .max(254)
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: MESSAGES.usernameRequired });
      else if (!isEmail(value) && !isMobile(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.usernameInvalid });
    }),
  /** The sender's own userCode (the server acts for the signed-in member; another code is 403). */
  userCode: z.string().max(40).optional(),
  professioncode: z.string().trim().min(1, MESSAGES.professionRequired).max(20),
  /** Always '' from the screen: the admin issues the code later. */
  activationCode: z.string().max(64).optional(),
});
export type ReferenceRequest = z.infer<typeof referenceRequest>;

/**
 * Where the viewer stands with a member after a write, so the client can move the card
 * to the right list without guessing (a request both ways becomes 'friend').
 */
export const friendRelation = z.enum(['friend', 'requestSent', 'requestReceived', 'none']);
export type FriendRelation = z.infer<typeof friendRelation>;
/** `data` of every friend write (accept, reject, request, dismiss, remove, unfriend). */
export const friendActionResult = z.object({
  friendCode: z.string(),
  relation: friendRelation,
  card: connectionCard,
});
export type FriendActionResult = z.infer<typeof friendActionResult>;

/**
 * user/friends/report: the owner's billionetts counted by profession (the suite's pie
 * chart). The five largest professions, then 'Others'; totalRecords = all billionetts.
 */
export const friendReportSlice = z.object({ categoryCode: z.string(), categoryName: z.string(), count: z.number().int() });
export type FriendReportSlice = z.infer<typeof friendReportSlice>;
export const FRIEND_REPORT_OTHERS = 'Others';
export const FRIEND_REPORT_SLICES = 5;
