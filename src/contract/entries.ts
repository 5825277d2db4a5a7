import { z } from 'zod';
import { ENTRY_MESSAGES } from './entry-messages';
import { DEFAULT_PRIVACY_CODE, ENTRY_TYPE, FEED_FILTER, PAGE_SIZE } from './codes';
import { pageQuery } from './envelope';
import { postedBy, postGallery, postType } from './entry-item';

export * from './entry-item';
export { ENTRY_MESSAGES } from './entry-messages';

/**
 * Entries (posts), comments and sharing — spec/calls.md "Posts, comments and sharing",
 * spec/product.md §3 Post item / Poll / Location / Comment / Entry form / Share form, §5.
 *
 * Identity: an entry's `postCode` IS the client-generated `userPostCode` (UUIDv7) of its
 * create (or share), so an optimistic row in Dexie already has its final code and a
 * replayed create is stored once. Comments likewise carry a client `commentCode`.
 *
 * Answers (JSON envelope): feeds `data.userPosts` + `totalRecords`; search
 * `data.searchedPost` + `totalRecords`; create and share 201 with `data` = the PostItem;
 * comments `data.userPostComment.comments` + `totalRecords`. Hidden entries (privacy) are
 * never sent, in any mode; a single hidden entry answers 404 like a missing one.
 */
export const ENTRY_PATHS = {
  /** Home (viewMode all): my entries, my billionetts' entries, entries on my suite or tagging me — as visible to me. */
  home: 'user/posts/all',
  /**
   * A member's suite: query userCode (or profileCode) = the suite owner; entries posted on
   * that suite. Feed mode circle / slate: postType group / page and profileCode = the
   * groupCode / pageCode (404 when the circle or slate is not readable).
   */
  suite: 'user/posts',
  /** Archive (feature 16): entries I saved. */
  saved: 'user/posts/saved',
  /** Search in visible entries' text; searchText at least 2 characters. */
  search: (searchText: string) => `searchPost/${encodeURIComponent(searchText)}`,
  /**
   * The same search as the global search's other calls ask it (spec/calls.md lists
   * `search/post` beside search/users, /groups, /pages, /service): GET ?keyword=…&pageNo=….
   */
  searchByKeyword: 'search/post',
  /**
   * POST create, every type (1 poll, 2 occasion, 3 transit, 4 theatre, 5 entry): the spec
   * shows only "POST user/post (entry, type 5) …" and leaves the exact path per type open,
   * so one path serves all; `featureCode` in the body says the type. Query: postType, profileCode.
   */
  create: 'user/post',
  /** POST, answers 201. Query: postType, profileCode. */
  share: 'submitShare',
  /**
   * GET one entry as a feed item (/entries/$postCode, the entry viewer), under the feed's
   * privacy: hidden answers the 404 of missing. DELETE (author only).
   */
  entry: (postCode: string) => `user/post/${postCode}`,
  /** PUT body { privacyCode } (author only). */
  privacy: (postCode: string) => `user/post/${postCode}/privacy`,
  /** POST (archive). */
  save: (postCode: string) => `user/post/${postCode}/save`,
  /** PUT (un-archive). */
  unsave: (postCode: string) => `user/post/${postCode}/unsave`,
  /** POST body { reportDescription }. */
  report: (postCode: string) => `user/post/${postCode}/report`,
  /** POST body { rating } → { avgRating, currentRating }. */
  rate: (postCode: string) => `user/post/${postCode}/rate`,
  /** POST body { userPostCode, pollingResponse } → pollingDetails. */
  pollVote: (postCode: string) => `user/post/${postCode}/poll/vote`,
  /** GET ?pageNo (page size 3): top-level comments, newest first. */
  comments: (postCode: string) => `user/post/${postCode}/comment`,
  /** GET ?pageNo (page size 5): replies of one comment, oldest first. DELETE: the comment (author only). */
  comment: (postCode: string, commentCode: string) => `user/post/${postCode}/comment/${commentCode}`,
  /** POST body commentCreate. */
  commentCreate: (postCode: string) => `user/post/${postCode}/comment/create`,
  /** PUT body { comment } (comment author only). */
  commentUpdate: (postCode: string, commentCode: string) => `user/post/${postCode}/comment/update/${commentCode}`,
  /** POST body { exp, commentCode, userPostCode }; exp 'none' clears my reaction. */
  commentReact: (postCode: string, exp: CommentExpParam) => `user/post/${postCode}/comment/likeOrUnlikeComment/${exp}`,
} as const;

export const FEED_PAGE_SIZE = PAGE_SIZE.feed;
export const COMMENTS_PAGE_SIZE = PAGE_SIZE.comments;
export const REPLIES_PAGE_SIZE = PAGE_SIZE.replies;
export const SEARCH_TEXT_MIN = 2;
export const DESCRIPTION_MAX = 5000;
export const COMMENT_MAX = 2000;
export const REPORT_MAX = 1000;
export const GALLERY_MAX = 20;
export const TAGS_MAX = 50;

/** Entry type names, for '{type name} Created' and the composer title. */
export const ENTRY_TYPE_NAMES: Record<number, string> = {
  [ENTRY_TYPE.poll]: 'Poll',
  [ENTRY_TYPE.occasion]: 'Occasion',
  [ENTRY_TYPE.transit]: 'Transit',
  [ENTRY_TYPE.theatre]: 'Theatre',
  [ENTRY_TYPE.entry]: 'Entry',
};


// ---------------------------------------------------------------- feed queries

const FEATURE_CODES = Object.values(FEED_FILTER) as number[];
/** "1,5,11" → [1, 5, 11]; unknown codes are a 400. */
export const featureCodesParam = z
  .string()
  .max(60)
  .transform((s) => (s.trim() === '' ? [] : s.split(',').map((x) => Number(x.trim()))))
  .pipe(z.array(z.number().int().refine((n) => FEATURE_CODES.includes(n), 'Unknown feature code.')));

/**
 * Feed query (every mode). featureCodes: 1 poll, 2 occasion, 3 transit, 5 entry (type 5;
 * a theatre entry counts as 5 too), 11 gallery (has media), 16 archive (saved by me),
 * 18 tags (I am tagged); several codes narrow by type OR, then 11/16/18 AND.
 */
export const feedQuery = pageQuery.extend({
  featureCodes: featureCodesParam.optional(),
  userCode: z.string().min(1).max(40).optional(),
  profileCode: z.string().min(1).max(40).optional(),
  postType: postType.optional(),
});
export type FeedQuery = z.input<typeof feedQuery>;
export const searchParams = z.object({ searchText: z.string().trim().min(SEARCH_TEXT_MIN).max(100) });
export const searchKeywordQuery = feedQuery.extend({ keyword: z.string().trim().min(SEARCH_TEXT_MIN).max(100) });
export const postCodeParams = z.object({ postCode: z.uuid() });
export const commentParams = z.object({ postCode: z.uuid(), commentCode: z.uuid() });
/**
 * Create/share target: postType user + profileCode = the suite owner (me when absent);
 * postType group + profileCode = the groupCode (members only); postType page +
 * profileCode = the pageCode (its admin only). A circle or slate the member may not read
 * answers 404, one they may read but not post on 403 (CIRCLE_MESSAGES).
 */
export const targetQuery = z.object({
  postType: postType.default('user'),
  profileCode: z.string().min(1).max(40).optional(),
});
export type TargetQuery = z.input<typeof targetQuery>;

// ---------------------------------------------------------------- the entry form (spec §3, §5)

export const locationDetails = z.object({
  placeId: z.string().min(1).max(60),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  place: z.string().trim().min(1).max(300),
});
export type LocationDetails = z.infer<typeof locationDetails>;

export const pollingDetailsIn = z.object({
  pollingQuestion: z.string().max(300).default(''),
  pollingAnswer1: z.string().max(200).default(''),
  pollingAnswer1Response: z.literal(0).default(0),
  pollingAnswer2: z.string().max(200).default(''),
  pollingAnswer2Response: z.literal(0).default(0),
  pollingAnswer3: z.string().max(200).default(''),
  pollingAnswer3Response: z.literal(0).default(0),
});
export type PollingDetailsIn = z.input<typeof pollingDetailsIn>;

/**
 * Poll rule (spec §5): question required; 2 to 3 options ('At least 2 options need!');
 * each option given not whitespace-only ('Please enter option {n}'). Option 3 is optional:
 * blank option 3 means a 2-option poll. Returns field → message.
 */
export function pollErrors(p: PollingDetailsIn): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(p.pollingQuestion ?? '').trim()) errors.pollingQuestion = ENTRY_MESSAGES.pollQuestionRequired;
  const answers = [p.pollingAnswer1 ?? '', p.pollingAnswer2 ?? '', p.pollingAnswer3 ?? ''];
  const filled = answers.filter((a) => a.trim()).length;
  if (filled < 2) errors.pollingAnswers = ENTRY_MESSAGES.pollMinOptions;
  answers.slice(0, 2).forEach((a, i) => {
    if (!a.trim()) errors[`pollingAnswer${i + 1}`] = ENTRY_MESSAGES.pollOption(i + 1);
  });
  // Option 3 typed as spaces only: the member opened it, so it must be filled.
  if (answers[2] !== '' && !answers[2]!.trim()) errors.pollingAnswer3 = ENTRY_MESSAGES.pollOption(3);
  return errors;
}

/** "Start date cannot be today or earlier": start must fall on a later calendar day than `now` (local time). */
export function startIsAfterToday(startIso: string, now: Date = new Date()): boolean {
  const start = new Date(startIso);
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return start.getTime() >= tomorrow.getTime();
}

const isoDateTime = z.iso.datetime({ offset: true, local: true });

export const entryFormBase = z.object({
  /** Client-generated UUIDv7: becomes the entry's postCode. */
  userPostCode: z.uuid(),
  featureCode: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  postDescription: z.string().max(DESCRIPTION_MAX).default(''),
  postGalleries: z.array(postGallery).max(GALLERY_MAX).default([]),
  /** Tagged members' userCodes. */
  postTags: z.array(z.string().min(1).max(40)).max(TAGS_MAX).default([]),
  /** A feeling (emojis master, emojiType 'feeling'). */
  emojiCode: z.string().max(40).nullish(),
  /** An activity (emojis master, emojiType 'activity'). */
  activityCode: z.string().max(40).nullish(),
  privacyCode: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(DEFAULT_PRIVACY_CODE as 1),
  fromLocationDetails: locationDetails.nullish(),
  toLocationDetails: locationDetails.nullish(),
  /** Occasion/transit period, ISO; toDateTime null when no end. */
  fromDateTime: isoDateTime.nullish(),
  toDateTime: isoDateTime.nullish(),
  pollingDetails: pollingDetailsIn.nullish(),
  story: z.boolean().optional(),
});

/**
 * Field errors of an entry form (spec §5 Entry, Poll, Dates), keyed by body field.
 * Theatre (4) is our decision: an entry whose gallery holds exactly one video.
 */
export function entryErrors(f: z.infer<typeof entryFormBase>, now: Date = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const type = f.featureCode;
  if (type === ENTRY_TYPE.entry) {
    const any =
      f.postDescription.trim() || f.postGalleries.length || f.emojiCode || f.activityCode || f.fromLocationDetails || f.postTags.length;
    if (!any) errors.postDescription = ENTRY_MESSAGES.entryEmpty;
  }
  if (type === ENTRY_TYPE.poll) {
    if (!f.pollingDetails) errors.pollingDetails = ENTRY_MESSAGES.pollQuestionRequired;
    else for (const [k, v] of Object.entries(pollErrors(f.pollingDetails))) errors[`pollingDetails.${k}`] = v;
  }
  if (type === ENTRY_TYPE.theatre) {
    const videos = f.postGalleries.filter((g) => g.mediaType === 'video').length;
    if (videos !== 1 || f.postGalleries.length !== 1) errors.postGalleries = ENTRY_MESSAGES.theatreVideo;
  }
  if (type === ENTRY_TYPE.occasion || type === ENTRY_TYPE.transit) {
    if (!f.fromDateTime) errors.fromDateTime = ENTRY_MESSAGES.periodRequired;
    else if (!startIsAfterToday(f.fromDateTime, now)) errors.fromDateTime = ENTRY_MESSAGES.startNotFuture;
    if (f.fromDateTime && f.toDateTime && new Date(f.toDateTime) < new Date(f.fromDateTime)) {
      errors.toDateTime = ENTRY_MESSAGES.endBeforeStart;
    }
    if (!f.fromLocationDetails) errors.fromLocationDetails = ENTRY_MESSAGES.fromLocationRequired;
    if (type === ENTRY_TYPE.transit && !f.toLocationDetails) errors.toLocationDetails = ENTRY_MESSAGES.toLocationRequired;
  }
  return errors;
}

/** The create body: shape + the §5 rules (each failing rule is an issue at its field path). */
export const entryForm = entryFormBase.superRefine((f, ctx) => {
  for (const [field, message] of Object.entries(entryErrors(f))) {
    ctx.addIssue({ code: 'custom', path: field.split('.'), message });
  }
});
export type EntryForm = z.input<typeof entryForm>;

/** Share form (spec §3) plus the client id of the new share row (its postCode). */
export const shareForm = z.object({
  userPostCode: z.uuid(),
  originalUserPostCode: z.uuid(),
  privacyCode: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(DEFAULT_PRIVACY_CODE as 1),
  postDescription: z.string().max(DESCRIPTION_MAX).default(''),
  postGalleries: z.array(postGallery).max(GALLERY_MAX).default([]),
  shared: z.literal(true).default(true),
});
export type ShareForm = z.input<typeof shareForm>;

export const privacyUpdate = z.object({ privacyCode: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
export const reportForm = z.object({
  reportDescription: z.string().trim().min(1, ENTRY_MESSAGES.reportRequired).max(REPORT_MAX),
});
/** Half steps out of 5: 0.5, 1, … 5. */
export const rateForm = z.object({
  rating: z.number().min(0.5).max(5).refine((r) => Number.isInteger(r * 2), 'Ratings go in half steps.'),
});
export const rateAnswer = z.object({ avgRating: z.number(), currentRating: z.number() });
export type RateAnswer = z.infer<typeof rateAnswer>;
export const pollVoteForm = z.object({
  userPostCode: z.uuid(),
  pollingResponse: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

// ---------------------------------------------------------------- comments (spec §3 Comment)

export const COMMENT_EXPS = ['like', 'dislike'] as const;
export type CommentExp = (typeof COMMENT_EXPS)[number];
/** Path value of likeOrUnlikeComment: 'none' clears my reaction. */
export type CommentExpParam = CommentExp | 'none';
export const commentExpParam = z.enum(['like', 'dislike', 'none']);

export const commentItem = z.object({
  commentCode: z.string(),
  comment: z.string(),
  user: postedBy,
  /** Counts of likes and dislikes. */
  like: z.number().int(),
  dislike: z.number().int(),
  /** My reaction. */
  exp: z.enum(COMMENT_EXPS).nullable(),
  noOfReplies: z.number().int(),
  /** Always [] in lists: replies are read page by page. */
  replies: z.array(z.unknown()),
  /** null for a top-level comment; else the top-level comment it answers. */
  replyCommentCode: z.string().nullable(),
  postCode: z.string(),
  lastUpdatedTime: z.string(),
});
export type CommentItem = z.infer<typeof commentItem>;

export const commentCreate = z.object({
  /** Client-generated UUIDv7. */
  commentCode: z.uuid(),
  comment: z.string().trim().min(1, ENTRY_MESSAGES.commentRequired).max(COMMENT_MAX),
  /** A reply: the comment answered (a reply to a reply is filed under its top-level comment). */
  replyCommentCode: z.uuid().nullish(),
});
export type CommentCreate = z.input<typeof commentCreate>;
export const commentUpdate = z.object({
  comment: z.string().trim().min(1, ENTRY_MESSAGES.commentRequired).max(COMMENT_MAX),
  replyCommentCode: z.uuid().nullish(),
});
export const commentReact = z.object({
  exp: commentExpParam,
  commentCode: z.uuid(),
  userPostCode: z.uuid(),
});
export type CommentReact = z.infer<typeof commentReact>;
export const commentReactAnswer = z.object({ commentCode: z.string(), like: z.number().int(), dislike: z.number().int(), exp: z.enum(COMMENT_EXPS).nullable() });
