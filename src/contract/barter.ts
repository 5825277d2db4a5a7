import { z } from 'zod';
import { PAGE_SIZE, PRIVACY } from './codes';
import { pageQuery } from './envelope';
import { locationDetails } from './entries';

/**
 * Barter (spec/product.md §2.11, §3 "Barter service item" / "Barter payload", §5 "Barter
 * form"; spec/calls.md "Settings and other"): members offer services to members near them.
 *
 * Words, decided here (the spec uses `serviceCode` for two things):
 * - a **service** is an entry of the services master list (Plumbing, Tutoring, …) that the
 *   form picks with `services/search/{serviceName}`; the payload's and the filter's
 *   `serviceCode` name it;
 * - a **listing** is one member's offer; its code is the item's `originalPost.serviceCode`
 *   and the `{serviceCode}` of PUT / DELETE service/post/{serviceCode}; the item carries the
 *   service as `serviceCategoryCode` + `serviceName`.
 * Dates are calendar days (YYYY-MM-DD). A listing runs from `fromdate` to `todate` (that
 * day alone without one) and is shown from `serviceAppearDate` on. Privacy is the privacy
 * model's: 1 every member, 2 the author's billionetts, 3 the author alone.
 */
export const BARTER_PATHS = {
  /** GET: userServices + totalRecords; 8 a page; filters in barterQuery. */
  all: 'service/all',
  /** POST: a new listing (201, data: the item). */
  post: 'service/post',
  /** PUT (200, data: the item) / DELETE (200): the author's own listing. */
  one: (serviceCode: string) => `service/post/${encodeURIComponent(serviceCode)}`,
  /** GET: the services master matching the text (SERVICES), code 0. */
  services: (serviceName: string) => `services/search/${encodeURIComponent(serviceName)}`,
  /** GET ?keyword=…: listings whose heading, description or service match (searchedServices), 16 a page. */
  search: 'search/service',
} as const;

export const BARTER_PAGE_SIZE = PAGE_SIZE.barter;
/** spec/product.md constants: the radius options of the filter panel, in km. */
export const RADIUS_OPTIONS_KM = [1, 2, 5, 10, 20, 40, 60, 80, 100, 250, 500] as const;
/** The filter's date range spans at most about a week (spec §5): 7 days from its start. */
export const FILTER_SPAN_DAYS = 7;
/** How many pictures one listing shows (ours: the form adds one at a time). */
export const BARTER_GALLERY_MAX = 6;
/** The form's location search starts at 3 characters (spec §5). */
export const BARTER_LOCATION_MIN = 3;

export const BARTER_MESSAGES = {
  service: 'Please Service Name.',
  from: 'From location should be not empty',
  heading: 'Please enter Barter Heading',
  description: 'Please enter Barter Description',
  startDate: 'Please select start date!',
  privacy: 'Please select privacy',
  // Ours: the spec states the rules, not their words.
  unknownService: 'Please choose a service from the list.',
  startPast: 'The start date cannot be in the past.',
  endBeforeStart: 'The end date cannot be before the start date.',
  appearPast: 'The appear date cannot be in the past.',
  appearAfterStart: 'The appear date cannot be after the start date.',
  imagesOnly: 'Only pictures you uploaded can be added to a service.',
  spanTooLong: `Choose a date range of at most ${FILTER_SPAN_DAYS} days.`,
  notFound: 'This service no longer exists.',
  notAuthor: 'Only its author can change this service.',
  codeTaken: 'A service with this code exists already.',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.');
const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);

export const serviceGalleryIn = z.object({
  /** `/media/gallery/{hex32}.webp`, uploaded first with POST user/post/media. */
  path: z.string().min(1).max(200),
  /** On update: the id of a picture the listing already has. */
  id: z.number().int().positive().optional(),
});

export const barterForm = z.object({
  /**
   * On create, optional: the listing's code chosen by the client (a UUID), so a listing
   * written offline keeps its code when the server stores it; the server makes one otherwise.
   */
  userServiceCode: z.uuid().optional(),
  serviceCode: text(40, BARTER_MESSAGES.service),
  serviceHeading: text(120, BARTER_MESSAGES.heading),
  serviceDescription: text(4000, BARTER_MESSAGES.description),
  /** spec §5: 'Please select privacy', default 1. */
  privacyCode: z
    .number({ error: BARTER_MESSAGES.privacy })
    .int(BARTER_MESSAGES.privacy)
    .min(PRIVACY.everyone, BARTER_MESSAGES.privacy)
    .max(PRIVACY.onlyMe, BARTER_MESSAGES.privacy)
    .default(PRIVACY.everyone),
  /** Today when absent. */
  serviceAppearDate: isoDate.optional(),
  fromdate: isoDate.or(z.literal('')).refine((v) => v !== '', BARTER_MESSAGES.startDate),
  todate: isoDate.or(z.literal('')).optional(),
  fromLocationDetails: locationDetails.nullish().refine((v) => v != null, BARTER_MESSAGES.from),
  toLocationDetails: locationDetails.nullish(),
  serviceGalleries: z.array(serviceGalleryIn).max(BARTER_GALLERY_MAX).default([]),
  /** On update: ids of pictures to take off. */
  deleteImages: z.array(z.number().int().positive()).max(BARTER_GALLERY_MAX).default([]),
});
export type BarterForm = z.infer<typeof barterForm>;

/** An empty query field (`?radius=`) is no filter, not a zero. */
const unset = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const barterQuery = pageQuery.extend({
  serviceCode: unset(z.string().min(1).max(40)),
  latitude: unset(z.coerce.number().min(-90).max(90)),
  longitude: unset(z.coerce.number().min(-180).max(180)),
  /** km, one of RADIUS_OPTIONS_KM. */
  radius: unset(
    z.coerce.number().refine((r) => (RADIUS_OPTIONS_KM as readonly number[]).includes(r), `Choose a radius of ${RADIUS_OPTIONS_KM.join(', ')} km.`),
  ),
  fromdate: unset(isoDate),
  todate: unset(isoDate),
  userCode: unset(z.string().min(1).max(40)),
});
export type BarterQuery = z.infer<typeof barterQuery>;

export const serviceCodeParams = z.object({ serviceCode: z.string().min(1).max(40) });
export const servicesParams = z.object({ serviceName: z.string().trim().min(1).max(60) });
export const barterSearchQuery = pageQuery.extend({ keyword: z.string().trim().min(2).max(100) });

export const serviceKind = z.object({ serviceCode: z.string(), serviceName: z.string() });
export type ServiceKind = z.infer<typeof serviceKind>;

export const barterItem = z.object({
  originalPost: z.object({
    serviceCode: z.string(),
    serviceCategoryCode: z.string(),
    serviceName: z.string(),
    serviceHeading: z.string(),
    serviceDescription: z.string(),
    fromdate: z.string(),
    todate: z.string().nullable(),
    serviceAppearDate: z.string(),
    privacyCode: z.number().int(),
    postedBy: z.object({ userCode: z.string(), displayName: z.string(), professionName: z.string(), planName: z.string() }),
  }),
  location: z.object({
    fromplaceId: z.string(),
    fromplaceName: z.string(),
    fromlatitude: z.number(),
    fromlongitude: z.number(),
    toplaceId: z.string().nullable(),
    toplaceName: z.string().nullable(),
    tolatitude: z.number().nullable(),
    tolongitude: z.number().nullable(),
  }),
  serviceGalleries: z.array(z.object({ id: z.number().int(), path: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type BarterItem = z.infer<typeof barterItem>;

const DAY_MS = 86_400_000;
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The earliest calendar day that is still today somewhere (UTC−12): no member's today is "the past". */
export const earliestToday = (now = Date.now()): string => isoDay(now - 12 * 3_600_000);
export const addDays = (day: string, days: number): string => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/**
 * The form's date rules (spec §5), one message per field, all at once — the server's check
 * and the drawer's alike: start not in the past, end not before start, appear date neither
 * in the past nor after the start (today when absent).
 */
export function barterDateErrors(form: Pick<BarterForm, 'fromdate' | 'todate' | 'serviceAppearDate'>, now = Date.now()): Record<string, string> {
  const today = earliestToday(now);
  const errors: Record<string, string> = {};
  const appear = form.serviceAppearDate ?? today;
  if (form.fromdate && form.fromdate < today) errors.fromdate = BARTER_MESSAGES.startPast;
  if (form.todate && form.todate < form.fromdate) errors.todate = BARTER_MESSAGES.endBeforeStart;
  if (appear < today) errors.serviceAppearDate = BARTER_MESSAGES.appearPast;
  else if (form.fromdate && appear > form.fromdate) errors.serviceAppearDate = BARTER_MESSAGES.appearAfterStart;
  return errors;
}
