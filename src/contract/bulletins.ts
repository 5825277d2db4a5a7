import { z } from 'zod';
import { PAGE_SIZE } from './codes';
import { BULLETIN_KINDS, type BulletinKind } from './bulletin-text';
import { NOTIFY_FEATURES } from './settings';

export { BULLETIN_KINDS, bulletinText, type BulletinKind } from './bulletin-text';

/**
 * Bulletins (notifications, issue 16): what happened that concerns a member, listed in the
 * header and pushed to their devices while the app is closed. The spec names the settings
 * (user/notify-setting) but no calls for the list itself: these paths are ours.
 */
export const BULLETIN_PATHS = {
  /** GET ?pageNo — newest first; also answers the unread count. */
  list: 'user/bulletins',
  /** PUT { bulletinCodes } or { all: true }. */
  read: 'user/bulletins/read',
  /** GET: the VAPID public key a device subscribes with (anyone: it is public). */
  pushKey: 'push/key',
  /** PUT a device's PushSubscription (stored or refreshed); DELETE { endpoint } forgets it. */
  subscription: 'user/push/subscription',
} as const;

export const BULLETIN_PAGE_SIZE = PAGE_SIZE.bulletins;

const KINDS = Object.keys(BULLETIN_KINDS) as [BulletinKind, ...BulletinKind[]];

export const bulletinItem = z.object({
  bulletinCode: z.string(),
  kind: z.enum(KINDS),
  featureCode: z.enum([...NOTIFY_FEATURES, 'account']),
  /** Who did it, as the reader sees them in any list. */
  actor: z.object({ userCode: z.string(), displayName: z.string(), profileDp: z.string().nullable() }),
  /** The circle's or slate's name when the bulletin is about one (as it was then). */
  subjectName: z.string().nullable(),
  /** How many events it stands for (telex messages from one billionett, merged). */
  repeats: z.number().int(),
  /** The screen it opens: a same-origin route. */
  url: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type BulletinItem = z.infer<typeof bulletinItem>;

export const bulletinPage = z.object({
  bulletins: z.array(bulletinItem),
  totalRecords: z.number().int(),
  unread: z.number().int(),
});
export type BulletinPage = z.infer<typeof bulletinPage>;

export const bulletinReadBody = z.union([
  z.object({ bulletinCodes: z.array(z.uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type BulletinReadBody = z.infer<typeof bulletinReadBody>;
export const bulletinReadAnswer = z.object({ unread: z.number().int() });

/** A browser's PushSubscription.toJSON(), as the server keeps it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Not a P-256 public key.'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Not an auth secret.'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushForgetBody = z.object({ endpoint: z.url().max(2048) });
export const pushKeyAnswer = z.object({ publicKey: z.string() });

/** What a push carries to the service worker (sw/push.ts reads the same fields). */
export type PushPayload = { title: string; body: string; url: string; count: number; tag: string };
