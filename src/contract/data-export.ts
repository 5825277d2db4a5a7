import { z } from 'zod';

/**
 * 'Download your data' (issue 29): a member asks for a zip of everything they wrote or own;
 * a job builds it on any API host; a bulletin says when it is ready. Our paths: the spec has
 * no such calls.
 *
 * The download link is minted on demand (`link`), not kept: its token is a bearer credential
 * a browser download cannot hide behind the app's own token, so the server keeps only its
 * SHA-256 and the link lives minutes (the export itself lives EXPORT_DAYS days).
 */
export const DATA_EXPORT_PATHS = {
  /** GET: data.export, the member's latest export (null: none). POST: ask for a new one (202). */
  state: 'user/export',
  /** POST: a fresh short-lived download link of the ready export (404: none ready). */
  link: 'user/export/link',
  /** GET (public, the token is the credential): the zip, streamed. */
  download: (token: string) => `user/export/${encodeURIComponent(token)}`,
} as const;

/** How long a ready export may be downloaded. */
export const EXPORT_DAYS = 7;
/** How long one minted download link works (a download that has begun runs to its end). */
export const EXPORT_LINK_MINUTES = 15;

export const DATA_EXPORT_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportItem = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  /** When it became ready (null before). */
  readyAt: z.string().nullable(),
  /** When a ready export stops being downloadable (null before it is ready). */
  expiresAt: z.string().nullable(),
  /** Files of the zip besides README.txt and the JSON parts (media), once ready. */
  files: z.number().int().nullable(),
});
export type DataExportItem = z.infer<typeof dataExportItem>;
export const dataExportState = z.object({ export: dataExportItem.nullable() });
export type DataExportState = z.infer<typeof dataExportState>;

export const dataExportLink = z.object({
  /** Same-origin path of the zip: /api/v1/user/export/{token}. */
  downloadPath: z.string(),
  linkExpiresAt: z.string(),
});
export type DataExportLink = z.infer<typeof dataExportLink>;

export const dataExportParams = z.object({ token: z.string().min(1).max(128) });

/** The JSON files of the zip, in its order, and what each holds (README.txt says the same). */
export const EXPORT_PARTS = {
  profile: 'Your profile and personal details (the vault), plan and picture names.',
  vault: 'Your work and education rows, each with its privacy.',
  entries: 'Entries you wrote (on your suite, a billionett\'s, a circle or a slate), with their tags, poll options and media paths.',
  comments: 'Comments and replies you wrote, with the code of the entry each is on.',
  ratings: 'Ratings you gave, poll votes you cast, comment reactions and entries you saved to your archive.',
  circles: 'Circles and slates you own (with their people counts), and those you belong to or follow.',
  barter: 'Your barter listings with their pictures\' paths.',
  telex: 'Your telex conversations: every message you sent or received, oldest first.',
  billionetts: 'Your billionetts, open requests, and the references you sent.',
  bulletins: 'Bulletins you received, as they read.',
  settings: 'Your privacy and bulletin settings, passkeys (names only) and whether two-step sign-in is on.',
} as const;
export type ExportPart = keyof typeof EXPORT_PARTS;

export const DATA_EXPORT_TEXT = {
  title: 'Download your data',
  request: 'Prepare my data',
  requested: 'We are preparing your data. A bulletin tells you when it is ready.',
  again: 'Prepare a fresh copy',
  download: 'Download',
  busy: 'Your data is already being prepared. A bulletin tells you when it is ready.',
  noneReady: 'No download is ready. Prepare your data first.',
  linkGone: 'This download link has expired or does not exist. Open Settings → Account → Download your data for a fresh one.',
  failed: 'Preparing your data failed. Please try again.',
} as const;
