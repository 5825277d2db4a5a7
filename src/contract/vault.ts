import { z } from 'zod';
import { DATE_PATTERN } from './rules';

/**
 * Work and education of the vault (spec/product.md §3, §5; spec/calls.md "User profile").
 * Lists answer the current item first (working/graduated 'Yes' first, then newest start),
 * the rest is history. Create answers 201 with the new item, update 201 with the item,
 * delete 200 with `{ code }` of the removed row. Create/update/delete are online-only;
 * a per-row privacy change is a queued write (mutations 'work.privacy', 'education.privacy').
 */
export const VAULT_PATHS = {
  works: (userCode: string) => `user/work/${userCode}`,
  createWork: (userCode: string) => `create/user/work/${userCode}`,
  updateWork: (userCode: string) => `update/user/work/${userCode}`,
  deleteWork: (workCode: string) => `delete/user/work/${workCode}`,
  educations: (userCode: string) => `user/education/${userCode}`,
  createEducation: (userCode: string) => `create/user/education/${userCode}`,
  updateEducation: (userCode: string) => `update/user/education/${userCode}`,
  deleteEducation: (educationCode: string) => `delete/user/education/${educationCode}`,
} as const;

/** Typeahead lookups: the typed text is appended to the path ("postions" is the spec's spelling). */
export const LOOKUP_PATHS = {
  companies: (text: string) => `companies/search/${encodeURIComponent(text)}`,
  positions: (text: string) => `postions/search/${encodeURIComponent(text)}`,
  locations: (text: string) => `locations/search/${encodeURIComponent(text)}`,
  institutes: (text: string) => `institutes/search/${encodeURIComponent(text)}`,
  courses: (text: string) => `courses/search/${encodeURIComponent(text)}`,
} as const;
export type LookupKind = keyof typeof LOOKUP_PATHS;
export const LOOKUP_KINDS = Object.keys(LOOKUP_PATHS) as LookupKind[];
/** At most this many suggestions per answer (prefix matches first, then by name). */
export const LOOKUP_LIMIT = 20;
export const LOOKUP_TEXT_MAX = 60;
/** A lookup answers `data: LookupItem[]` (empty when nothing matches), code 0 like every search. */
export const lookupItem = z.object({ code: z.string(), name: z.string() });
export type LookupItem = z.infer<typeof lookupItem>;
export const lookupParams = z.object({ text: z.string().trim().min(1).max(LOOKUP_TEXT_MAX) });

export const VAULT_MESSAGES = {
  // The spec's one text 'Please choose company/position/Location.' split per field.
  companyRequired: 'Please choose company.',
  positionRequired: 'Please choose position.',
  locationRequired: 'Please choose Location.',
  startDateRequired: 'Please select start date!',
  endDateRequired: 'Please select end date!',
  privacyRequired: 'Please select privacy',
  // Not in spec: the spec names these education fields required but gives no words.
  instituteRequired: 'Please choose institute.',
  courseRequired: 'Please choose course.',
  endBeforeStart: 'End date cannot be before start date.',
} as const;

export const yesNo = z.enum(['Yes', 'No']);
export type YesNo = z.infer<typeof yesNo>;

export const workItem = z.object({
  userWorkCode: z.string(),
  /** Same value as userWorkCode (the spec names both). */
  workCode: z.string(),
  companyCode: z.string(),
  companyName: z.string(),
  positionCode: z.string(),
  positionName: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  working: yesNo,
  startDate: z.string(),
  /** YYYY-MM-DD when working is 'No'; '' (shown as "Working") when working is 'Yes'. */
  endDate: z.string(),
  privacyCode: z.number().int(),
  privacyName: z.string(),
});
export type WorkItem = z.infer<typeof workItem>;

export const educationItem = z.object({
  userEduCode: z.string(),
  /** Same value as userEduCode. */
  educationCode: z.string(),
  instituteCode: z.string(),
  instituteName: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  graduated: yesNo,
  startDate: z.string(),
  /** YYYY-MM-DD or '' (optional). */
  endDate: z.string(),
  privacyCode: z.number().int(),
  privacyName: z.string(),
});
export type EducationItem = z.infer<typeof educationItem>;

const code = (message: string) => z.string({ error: message }).trim().min(1, message).max(40, message);
const name = z.string().max(200).optional();
const startDate = z.string({ error: VAULT_MESSAGES.startDateRequired }).regex(DATE_PATTERN, VAULT_MESSAGES.startDateRequired);
const optionalDate = z.union([z.literal(''), z.string().regex(DATE_PATTERN)]).optional();
const privacyCode = z.number({ error: VAULT_MESSAGES.privacyRequired }).int().min(1, VAULT_MESSAGES.privacyRequired).max(3, VAULT_MESSAGES.privacyRequired);

const endNotBeforeStart = (v: { startDate: string; endDate?: string | undefined }) => !v.endDate || v.endDate >= v.startDate;

/** Body of create/user/work. Names are optional: the server takes them from its lookups. */
export const workFields = z.object({
  companyCode: code(VAULT_MESSAGES.companyRequired),
  companyName: name,
  positionCode: code(VAULT_MESSAGES.positionRequired),
  positionName: name,
  locationCode: code(VAULT_MESSAGES.locationRequired),
  locationName: name,
  working: yesNo,
  startDate,
  /** Required when working is 'No' ('Please select end date!'); ignored when 'Yes'. */
  endDate: optionalDate,
  privacyCode,
});
export const workInput = workFields
  .refine((v) => v.working === 'Yes' || Boolean(v.endDate), { message: VAULT_MESSAGES.endDateRequired, path: ['endDate'] })
  .refine((v) => v.working === 'Yes' || endNotBeforeStart(v), { message: VAULT_MESSAGES.endBeforeStart, path: ['endDate'] });
export type WorkInput = z.infer<typeof workInput>;

/**
 * Per-row privacy only (the table's privacy selector; queued as 'work.privacy'). Strict, so a
 * full update with a bad field is refused instead of quietly applying only its privacy.
 */
export const workPrivacyUpdate = z.strictObject({ userWorkCode: z.string().min(1).max(40), privacyCode });
/** Body of update/user/work: the whole item with its code, or only its privacy. */
export const workUpdate = z.union([workFields.extend({ userWorkCode: z.string().min(1).max(40) }), workPrivacyUpdate]).superRefine((v, ctx) => {
  if (!('working' in v) || v.working === 'Yes') return;
  if (!v.endDate) ctx.addIssue({ code: 'custom', message: VAULT_MESSAGES.endDateRequired, path: ['endDate'] });
  else if (!endNotBeforeStart(v)) ctx.addIssue({ code: 'custom', message: VAULT_MESSAGES.endBeforeStart, path: ['endDate'] });
});
export type WorkUpdate = z.infer<typeof workUpdate>;

export const educationFields = z.object({
  instituteCode: code(VAULT_MESSAGES.instituteRequired),
  instituteName: name,
  courseCode: code(VAULT_MESSAGES.courseRequired),
  courseName: name,
  locationCode: code(VAULT_MESSAGES.locationRequired),
  locationName: name,
  graduated: yesNo,
  startDate,
  endDate: optionalDate,
  privacyCode,
});
export const educationInput = educationFields.refine(endNotBeforeStart, { message: VAULT_MESSAGES.endBeforeStart, path: ['endDate'] });
export type EducationInput = z.infer<typeof educationInput>;

export const educationPrivacyUpdate = z.strictObject({ userEduCode: z.string().min(1).max(40), privacyCode });
export const educationUpdate = z
  .union([educationFields.extend({ userEduCode: z.string().min(1).max(40) }), educationPrivacyUpdate])
  .refine((v) => !('startDate' in v) || endNotBeforeStart(v), { message: VAULT_MESSAGES.endBeforeStart, path: ['endDate'] });
export type EducationUpdate = z.infer<typeof educationUpdate>;

export const workCodeParams = z.object({ workCode: z.string().min(1).max(40) });
export const educationCodeParams = z.object({ educationCode: z.string().min(1).max(40) });
/** Answer of delete/…: the removed row's code. */
export const deletedItem = z.object({ code: z.string() });
