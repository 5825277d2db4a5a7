import { z } from 'zod';
import { MESSAGES } from './rules';
import { plan } from './masters';

/** Calls of spec/calls.md "User profile" that the foundation serves. */
export const USER_PATHS = {
  profile: (userCode: string) => `user/${userCode}`,
  personal: 'user/personal',
  updatePersonal: (userCode: string) => `update/user/personal/${userCode}`,
  /** The spec leaves the about path unnamed; ours follows update/user/personal. */
  updateAbout: (userCode: string) => `update/user/about/${userCode}`,
  plan: (userCode: string) => `user/plan/${userCode}`,
  menu: (userCode: string) => `user/menu/${userCode}`,
  utilization: 'utilization/report',
} as const;

export const gender = z.enum(['Male', 'Female', 'Other']);
export type Gender = z.infer<typeof gender>;

export const userProfile = z.object({
  userCode: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender,
  locationName: z.string(),
  planName: z.string(),
  professionCode: z.string(),
  professionName: z.string(),
  /** imageName of the cropped picture, or null for the default avatar by gender. */
  profileDp: z.string().nullable(),
  about: z.string(),
  privacyCode: z.number().int(),
  privacyName: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const privacyResponse = z.object({ featureName: z.string(), privacyResponseCode: z.number().int() });
export const personalInfo = userProfile.extend({
  userPrivacyResponse: z.array(privacyResponse),
});
export type PersonalInfo = z.infer<typeof personalInfo>;
export const personalQuery = z.object({ friendCode: z.string().max(40).optional() });

export const ABOUT_MAX = 2000;
export const aboutUpdate = z.object({ about: z.string().max(ABOUT_MAX) });
export type AboutUpdate = z.infer<typeof aboutUpdate>;

export const personalDetailsUpdate = z.object({
  firstName: z.string().trim().min(1, MESSAGES.firstNameRequired).max(60),
  lastName: z.string().trim().min(1, MESSAGES.lastNameRequired).max(60),
  displayName: z.string().trim().min(1, MESSAGES.displayNameRequired).max(60),
  professionCode: z.string().trim().min(1, MESSAGES.professionRequired).max(20),
  professionName: z.string().max(100).optional(),
});
export const personalPrivacyUpdate = z.object({
  privacyCode: z.number().int().min(1).max(3),
  privacyName: z.string().max(40).optional(),
});
/** PUT update/user/personal/{userCode}: either the details or the privacy. */
export const personalUpdate = z.union([personalDetailsUpdate, personalPrivacyUpdate]);
export type PersonalUpdate = z.infer<typeof personalUpdate>;

/** The member's plan: the plan itself plus the membership period (YYYY-MM-DD). */
export const userPlan = plan.extend({ startDate: z.string(), endDate: z.string() });
export type UserPlan = z.infer<typeof userPlan>;

const yesNo = z.enum(['Yes', 'No']);
export const menuCircle = z.object({ groupCode: z.string(), groupName: z.string(), statusCode: z.number().int() });
export const menuSlate = z.object({ pageCode: z.string(), pageName: z.string(), statusCode: z.number().int() });
export const userMenu = z.object({
  features: z.object({ group: yesNo, page: yesNo, service: yesNo, chat: yesNo }),
  groups: z.array(menuCircle),
  pages: z.array(menuSlate),
});
export type UserMenu = z.infer<typeof userMenu>;

/** Sizes in megabytes. Used percent = 100 − remaining ÷ allocated × 100. */
export const utilization = z.object({
  allocatedSize: z.number(),
  remainingSize: z.number(),
  allocatedType: z.string(),
  userUtilizationUsageResponse: z.array(z.object({ usageType: z.string(), usedSize: z.number() })),
});
export type Utilization = z.infer<typeof utilization>;

export const userCodeParams = z.object({ userCode: z.string().min(1).max(40) });
