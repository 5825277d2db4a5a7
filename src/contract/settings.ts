import { z } from 'zod';
import { PRIVACY_FEATURES, type PrivacyFeature } from './codes';

/**
 * The header's vault menu: Privacy Settings and Bulletin (notify) Settings
 * (spec/calls.md "Settings"; spec/product.md §3 Privacy setting, Notify setting).
 * Updates answer 201 with the changed row; reset answers 201 with the whole list.
 */
export const SETTINGS_PATHS = {
  privacy: 'user/privacy-setting/active',
  /** The spec's path, trailing slash included (the server answers it with or without). */
  updatePrivacy: 'user/privacy-setting/',
  /** The spec says "reset PUT" without a path; ours, no body. */
  resetPrivacy: 'user/privacy-setting/reset',
  notify: 'user/notify-setting/active',
  updateNotify: 'user/notify-setting',
  /** Not in spec (the issue asks for a reset of both); ours, no body. */
  resetNotify: 'user/notify-setting/reset',
} as const;

/** Display names of the privacy features, in the order the modal lists them. */
export const PRIVACY_FEATURE_NAMES: Record<PrivacyFeature, string> = {
  personal: 'Personal Details',
  work: 'Work',
  education: 'Education',
  suite: 'Suite',
  billionetts: 'Billionetts',
  circles: 'Circles',
  slates: 'Slates',
  calls: 'Calls',
};

export const privacySetting = z.object({
  featureCode: z.enum(PRIVACY_FEATURES),
  featureName: z.string(),
  privacyCode: z.number().int(),
  privacyName: z.string(),
});
export type PrivacySetting = z.infer<typeof privacySetting>;
/** GET user/privacy-setting/active → data.userPrivacySettings (also the reset answer). */
export const privacySettings = z.object({ userPrivacySettings: z.array(privacySetting) });
export type PrivacySettings = z.infer<typeof privacySettings>;

export const privacySettingUpdate = z.object({
  featureCode: z.enum(PRIVACY_FEATURES),
  privacyCode: z.number().int().min(1).max(3),
  privacyName: z.string().max(40).optional(),
});
export type PrivacySettingUpdate = z.infer<typeof privacySettingUpdate>;

/** Bulletins a member can switch off; all 'Yes' until changed. */
export const NOTIFY_FEATURES = [
  'friendRequest',
  'friendAccept',
  'entryComment',
  'entryRating',
  'entryShare',
  'entryTag',
  'circleInvite',
  'circleRequest',
  'slateFollow',
  'telex',
  'barter',
] as const;
export type NotifyFeature = (typeof NOTIFY_FEATURES)[number];
export const NOTIFY_FEATURE_NAMES: Record<NotifyFeature, string> = {
  friendRequest: 'Billionett requests',
  friendAccept: 'Accepted billionett requests',
  entryComment: 'Comments on my entries',
  entryRating: 'Ratings of my entries',
  entryShare: 'Shares of my entries',
  entryTag: 'Entries I am tagged in',
  circleInvite: 'Circle invitations',
  circleRequest: 'Requests to join my circles',
  slateFollow: 'New followers of my slates',
  telex: 'Telex messages',
  barter: 'Barter services near me',
};

/** The spec spells this row's code `featurecode` (lower-case c), unlike the update body. */
export const notifySetting = z.object({
  featurecode: z.enum(NOTIFY_FEATURES),
  featureName: z.string(),
  notify: z.enum(['Yes', 'No']),
});
export type NotifySetting = z.infer<typeof notifySetting>;
/** GET user/notify-setting/active → data.notifySettings (also the reset answer). */
export const notifySettings = z.object({ notifySettings: z.array(notifySetting) });
export type NotifySettings = z.infer<typeof notifySettings>;

export const notifySettingUpdate = z.object({ featureCode: z.enum(NOTIFY_FEATURES), notify: z.enum(['Yes', 'No']) });
export type NotifySettingUpdate = z.infer<typeof notifySettingUpdate>;
