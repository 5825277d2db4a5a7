import { z } from 'zod';
import { gender } from './user';

/**
 * The feed row of spec/product.md §3 "Post item" (and its gallery item, poll details and
 * period), apart from entries.ts so that file stays readable; entries.ts re-exports all.
 */
export const POST_TYPES = ['user', 'group', 'page'] as const;
export const postType = z.enum(POST_TYPES);
export type PostType = z.infer<typeof postType>;

export const postedBy = z.object({
  userCode: z.string(),
  displayName: z.string(),
  planName: z.string(),
  professionName: z.string(),
  profileDp: z.string().nullable(),
  gender,
});
export type PostedBy = z.infer<typeof postedBy>;

export const postGallery = z.object({
  /** As returned by the entry media upload (a /media/… path). */
  path: z.string().min(1).max(300),
  width: z.number().int().min(0).max(20000).default(0),
  height: z.number().int().min(0).max(20000).default(0),
  albumName: z.string().max(100).default(''),
  order: z.number().int().min(0).max(1000).default(0),
  mediaType: z.enum(['image', 'video', 'audio']).default('image'),
});
export type PostGallery = z.infer<typeof postGallery>;

export const pollOption = z.object({ text: z.string(), votes: z.number().int() });
export const pollingDetailsOut = z.object({
  pollingQuestion: z.string(),
  pollingOptions: z.object({ option1: pollOption, option2: pollOption, option3: pollOption.nullable() }),
  /** 1..3, or null when I have not voted. */
  currentUserOption: z.number().int().nullable(),
});
export type PollingDetails = z.infer<typeof pollingDetailsOut>;

export const postLocation = z.object({
  fromplaceName: z.string().nullable(),
  fromlatitude: z.number().nullable(),
  fromlongitude: z.number().nullable(),
  toplaceName: z.string().nullable(),
  tolatitude: z.number().nullable(),
  tolongitude: z.number().nullable(),
});
/** occasionPeriod / transitPeriod: ISO date-times, end null when none. */
export const period = z.object({ start_date: z.string(), end_date: z.string().nullable() });

export const originalPost = z.object({
  postCode: z.string(),
  postedBy,
  postedAt: z.object({
    /** The suite owner's userCode, or the circle's groupCode / the slate's pageCode. */
    originCode: z.string(),
    /** The suite owner's display name, or the circle's / slate's name. */
    originName: z.string(),
    postType,
    /** The suite owner's userCode, or the circle's / slate's admin's. */
    originAdminCode: z.string(),
  }),
  feelings: z.object({ feelingName: z.string(), feelingicon: z.string() }).nullable(),
  activity: z.object({ activityName: z.string(), activityicon: z.string() }).nullable(),
  taggedUsers: z.array(z.object({ userCode: z.string(), displayName: z.string() })),
  /** ISO time of creation. */
  postDateTime: z.string(),
  location: postLocation.nullable(),
  saved: z.boolean(),
  postDescription: z.string(),
  featureCode: z.number().int(),
  pollingDetails: pollingDetailsOut.nullable(),
  postGalleries: z.array(postGallery),
  /** 0 when unrated; one decimal. */
  avgRating: z.number(),
  /** My rating, 0 when none. */
  currentRating: z.number(),
  noOfComments: z.number().int(),
  noOfShares: z.number().int(),
  privacyCode: z.number().int(),
  occasionPeriod: period.nullable(),
  transitPeriod: period.nullable(),
});
export type OriginalPost = z.infer<typeof originalPost>;

/**
 * A feed row. For a share, `sharedDetails.sharedPost` is the share itself (its code, text,
 * privacy, counts…) and `originalPost` the shared entry — null when that entry was deleted
 * or is hidden from the viewer (its media paths are then not sent either).
 */
export const postItem = z.object({
  originalPost: originalPost.nullable(),
  sharedDetails: z
    .object({ sharedPost: originalPost, sharedBy: postedBy, sharedOn: z.string() })
    .nullable(),
  isShared: z.boolean(),
});
export type PostItem = z.infer<typeof postItem>;
/** The code that identifies a feed row (the share's own code for a share). */
export const postItemCode = (p: PostItem): string => p.sharedDetails?.sharedPost.postCode ?? p.originalPost?.postCode ?? '';

